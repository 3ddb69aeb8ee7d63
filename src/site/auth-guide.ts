// The authentication guide, served as /auth (HTML) and /auth.md (its Markdown twin). One Markdown
// source: the HTML page renders this body with Astro's Markdown pipeline (see src/content.config.ts).
import { DEFAULT_TOKEN_LIMITS, DEFAULT_TOKEN_TTL_MS, MAX_TOKEN_LABEL_LENGTH } from '../core/stores/token-store.ts';
import { DEFAULT_REGISTER_PER_HOUR } from '../core/config.ts';
import { absoluteUrl, DISCOVERY } from './urls.ts';

const TOKEN_LIFETIME_DAYS = DEFAULT_TOKEN_TTL_MS / (24 * 3_600_000);
const MAX_TOKENS = DEFAULT_TOKEN_LIMITS.share.total.count.toLocaleString('en-US');
const TOKENS_PER_ADDRESS = DEFAULT_TOKEN_LIMITS.share.perClient.count;

export interface Guide {
  id: string;
  title: string;
  summary: string;
  /** Markdown without the H1 (the page renders the title). */
  body: string;
}

export function authGuide(siteUrl: string): Guide {
  const url = (path: string) => absoluteUrl(siteUrl, path);
  const body = `## Anonymous by default

Every page, Markdown twin, discovery file and API endpoint answers without credentials: paper search,
essays, the glossary, ask, batch, jobs and both MCP servers. Send no \`Authorization\` header at all, or
send \`Authorization: Bearer anonymous\`, which is treated exactly like no header.

Anonymous requests share a rate-limit bucket per client IP address.

## Optional bearer tokens

A token does not unlock anything. It gives your client its own rate-limit bucket, which helps when many
clients share one IP address (an office network, a cloud function, an agent platform).

### Register

\`POST ${url(DISCOVERY.authRegister)}\` with a JSON body. Both fields are optional, so \`{}\` will do:

| Field | Type | Meaning |
|---|---|---|
| \`client_name\` | string, 1 to ${MAX_TOKEN_LABEL_LENGTH} characters | a name for your client, kept with the token and echoed |
| \`identity_type\` | \`anonymous\` or \`identity_assertion\` | the identity you act under; no assertion is verified, so both get the same token |

The answer is \`201 Created\` with \`Cache-Control: no-store\`:

\`\`\`json
{
  "access_token": "rh_3q2-7wQ0cJmJx1l9bCkYVtq8o1nHfW5e",
  "token_type": "Bearer",
  "client_id": "tok_5f0c7a1e9b2d4c38",
  "client_name": "my-agent",
  "created_at": "2026-05-01T12:00:00.000Z",
  "expires_at": "2026-07-30T12:00:00.000Z",
  "rate_limit": { "limit": 120, "window_seconds": 60 }
}
\`\`\`

- \`access_token\` is shown once. The server keeps only its SHA-256 hash and cannot show it again.
- \`client_id\` is your bucket: it is stable for the life of the token and safe to log.
- \`client_name\` is there only when you sent one.
- \`expires_at\`: a token lasts ${TOKEN_LIFETIME_DAYS} days, then gets \`401\`; register again.
- \`rate_limit\` is the size of your bucket.

Registration is rate-limited like any other call, and has an allowance of its own besides: one network
address may register ${DEFAULT_REGISTER_PER_HOUR} tokens an hour (by default) (\`429 rate_limited\` past it, with
\`Retry-After\`) and hold ${TOKENS_PER_ADDRESS} live tokens at once (\`429 quota_exceeded\`; revoke the ones you no
longer use). The server holds ${MAX_TOKENS} tokens in all and refuses new ones with \`503\` when full, rather
than forget somebody else's. Tokens live in the server's memory unless it shares state through Redis: a
restart forgets them, the token then gets \`401\`, and registering again is all it takes.

### Retrying a registration

With an \`Idempotency-Key\` header, a retry within 24 hours gets the same token back instead of a second one.
On this call the key is a secret: whoever sends the same key from the same address gets the same token. So
the key must be a fresh random value (a UUID v4, or 16 random bytes in base64url); a key that looks
guessable (\`register-1\`, a counter, a constant) is refused with \`400 invalid_parameter\`. The server files
the answer under a hash of your address and the key, and keeps it encrypted under a key derived from
yours, so the stored answer is of no use to anyone who does not hold your key; a caller at another
address who sends it gets a new token of their own.

### Use it

Send \`Authorization: Bearer <access_token>\` on any API request. The \`RateLimit-*\` headers of the answer
then describe your own bucket. A batch costs one unit per sub-request, charged to the bucket of its
\`Authorization\` header, and its sub-requests run with the same header.

Tokens give a client its own bucket, not more throughput for an address: all requests from one network
address, whatever token they carry, share a second bucket of twice the per-client limit. When that bucket
is the one closer to empty, it is the one the \`RateLimit-*\` headers describe.

### Revoke it

\`POST ${url(DISCOVERY.authRevoke)}\` with \`{"token": "<access_token>"}\` as JSON, or \`token=<access_token>\` as
\`application/x-www-form-urlencoded\` (the RFC 7009 form). The answer is \`200\` with \`{"revoked": true}\`,
also for a token the server does not know, so it never tells whether a token existed. A body without
\`token\` gets \`400\` with the error code \`invalid_body\`.

Both calls are also described in the [API reference](${url(DISCOVERY.apiDocs)}) and the
[OpenAPI description](${url(DISCOVERY.openapi)}). With curl:

\`\`\`sh
curl -X POST ${url(DISCOVERY.authRegister)} -H 'Content-Type: application/json' -d '{"client_name":"my-agent"}'
curl -H 'Authorization: Bearer <access_token>' '${url('/api/v1/essays')}'
curl -X POST ${url(DISCOVERY.authRevoke)} -d 'token=<access_token>'
\`\`\`

## When credentials are refused

Every API endpoint reads the \`Authorization\` header: \`/api/*\`, \`/ask\` and both MCP servers. Only the
liveness and readiness checks \`${DISCOVERY.health}\` and \`${DISCOVERY.readiness}\` ignore it, so a probe never
fails on a stale header, and CORS preflight (\`OPTIONS\`) needs no credentials.

A bearer token other than \`anonymous\` that is malformed, unknown, expired or revoked gets \`401\` with the
error code \`unauthorized\` and this header, which points at the metadata below (RFC 9728, RFC 6750):

\`\`\`http
WWW-Authenticate: Bearer resource_metadata="${url(DISCOVERY.oauthProtectedResource)}", error="invalid_token"
\`\`\`

Another scheme, such as \`Basic\`, gets the same \`401\` without the error code, since it carried no bearer
token to find fault with:

\`\`\`http
WWW-Authenticate: Bearer resource_metadata="${url(DISCOVERY.oauthProtectedResource)}"
\`\`\`

Drop the header to continue anonymously, or register a new token.

## Rate limits

Each bucket (a token, or an IP address for anonymous requests) has a fixed one-minute window, 120
requests by default. Every API response says where you stand:

| Header | Meaning |
|---|---|
| \`RateLimit-Limit\` | requests allowed per window |
| \`RateLimit-Remaining\` | requests left in this window |
| \`RateLimit-Reset\` | seconds until the window resets |
| \`RateLimit-Policy\`, \`RateLimit\` | the same facts in the current IETF draft syntax |

Over the limit the answer is \`429\` with the error code \`rate_limited\` and a \`Retry-After\` header.

## OAuth metadata

For clients that discover authentication through OAuth metadata:

- Protected resource metadata (RFC 9728): [${url(DISCOVERY.oauthProtectedResource)}](${url(DISCOVERY.oauthProtectedResource)})
- Authorization server metadata (RFC 8414): [${url(DISCOVERY.oauthAuthorizationServer)}](${url(DISCOVERY.oauthAuthorizationServer)})

There is no OAuth flow behind them: no authorization or token endpoint, no scopes and no client secrets.
The registration endpoint hands out the token directly, and the revocation endpoint takes it back.
`;
  return {
    id: 'auth',
    title: 'Authentication',
    summary:
      'Everything on Research Hub is readable without an account or a key. A bearer token is optional: it only gives your client its own rate-limit bucket.',
    body,
  };
}

export function guideMarkdown(guide: Guide): string {
  return `# ${guide.title}\n\n> ${guide.summary}\n\n${guide.body.trim()}\n`;
}
