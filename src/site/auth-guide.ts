// The authentication guide, served as /auth (HTML) and /auth.md (its Markdown twin). One Markdown
// source: the HTML page renders this body with Astro's Markdown pipeline (see src/content.config.ts).
import { absoluteUrl, DISCOVERY } from './urls.ts';

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

1. **Register.** \`POST ${url(DISCOVERY.authRegister)}\` issues an opaque bearer token. It is shown once:
   the server stores only a hash of it and cannot show it again.
2. **Use it.** Send \`Authorization: Bearer <token>\` on any request.
3. **Revoke it.** \`POST ${url(DISCOVERY.authRevoke)}\` with the token. As in RFC 7009, the answer is
   200 even for a token the server does not know, so it never tells whether a token existed.

The request and response bodies of both calls are in the [API reference](${url(DISCOVERY.apiDocs)})
and the [OpenAPI description](${url(DISCOVERY.openapi)}).

\`\`\`sh
curl -X POST ${url(DISCOVERY.authRegister)}
curl -H 'Authorization: Bearer <token>' '${url('/api/v1/essays')}'
\`\`\`

## When a token is refused

A bearer token other than \`anonymous\` that is unknown or revoked gets \`401\` with the error code
\`unauthorized\` and this header, which points at the metadata below (RFC 9728):

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
