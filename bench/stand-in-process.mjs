// @ts-check
// The OpenAlex stand-in with synthetic works, in a process of its own so that its searches (a scan of
// every work) do not share an event loop with the load generator. Prints its URL, then serves until
// killed. Usage: node bench/stand-in-process.mjs <works>
import { startOpenAlexStandIn } from '../test/support/openalex-stand-in.mjs';
import { syntheticWorks } from '../test/support/synthetic-works.mjs';

const standIn = await startOpenAlexStandIn({ works: [...syntheticWorks(Number(process.argv[2] ?? 2_000))] });
console.log(standIn.url);
