// Registration and revocation of the optional bearer tokens. Both live at the unversioned paths the
// OAuth metadata advertises (registration_endpoint, revocation_endpoint): they are canonical, not
// aliases of /api/v1 routes, so they carry no Deprecation or Sunset.
import { z } from 'zod';
import { MAX_TOKEN_LABEL_LENGTH } from '../stores/token-store.ts';
import { capacityResponse, errorResponse, QUOTA_RESPONSE, RATE_LIMITED_RESPONSE } from '../http/common-schemas.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { chargeRequest, RATE_LIMIT_WINDOW_SECONDS } from '../http/rate-limit.ts';

const IDENTITY_TYPES = ['anonymous', 'identity_assertion'] as const;

export const TokenRegistrationRequestSchema = z
  .object({
    client_name: z
      .string()
      .min(1)
      .max(MAX_TOKEN_LABEL_LENGTH)
      .optional()
      .describe(`A name for your client, kept with the token and echoed (1 to ${MAX_TOKEN_LABEL_LENGTH} characters)`),
    identity_type: z
      .enum(IDENTITY_TYPES)
      .optional()
      .describe('The identity you act under. No assertion is verified: every token is issued and treated the same'),
  })
  .meta({ id: 'TokenRegistrationRequest', examples: [{ client_name: 'my-agent' }] });

export const TokenRegistrationSchema = z
  .object({
    access_token: z
      .string()
      .describe('The bearer token: rh_ and 32 base64url characters. Shown once; only its hash is kept'),
    token_type: z.literal('Bearer'),
    client_id: z
      .string()
      .describe('Your stable client id (tok_ and 16 hex characters), the key of your rate-limit bucket'),
    client_name: z.string().optional().describe('The client_name sent, if any'),
    created_at: z.iso.datetime(),
    expires_at: z.iso.datetime().describe('After this instant the token is refused with 401'),
    rate_limit: z.object({
      limit: z.int().describe('Requests allowed per window in your own bucket'),
      window_seconds: z.int(),
    }),
  })
  .meta({ id: 'TokenRegistration' });

export const TokenRevocationRequestSchema = z
  .object({
    token: z
      .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
      .describe('The token to revoke'),
  })
  .meta({ id: 'TokenRevocationRequest', examples: [{ token: 'paste-your-token-here' }] });

export const TokenRevocationSchema = z
  .object({ revoked: z.literal(true).describe('Always true, also for a token the server does not know (RFC 7009)') })
  .meta({ id: 'TokenRevocation' });

export const registerRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/register',
  operationId: 'registerToken',
  summary: 'Get an optional bearer token: a rate-limit bucket of your own',
  description:
    'Nothing requires a token. Send it as `Authorization: Bearer <token>` and your requests count against your own ' +
    "bucket instead of your IP address's. The body may be `{}`. With an Idempotency-Key, a retry within 24 hours " +
    'gets the same token back, so use a fresh random key (a UUID) for each registration.',
  tags: ['Authentication'],
  body: TokenRegistrationRequestSchema,
  responses: {
    201: { description: 'The new token (Cache-Control: no-store)', schema: TokenRegistrationSchema },
    400: errorResponse('Invalid body (invalid_body), or a guessable Idempotency-Key (invalid_parameter)'),
    409: errorResponse('Idempotency-Key in use (idempotency_key_in_use)'),
    413: errorResponse('Body over 1 MiB (payload_too_large)'),
    415: errorResponse('Body is not application/json (unsupported_media_type)'),
    422: errorResponse('Idempotency-Key reused with a different body (idempotency_key_reused)'),
    429: QUOTA_RESPONSE,
    503: capacityResponse('bearer tokens'),
  },
  // Kept out of batches: a batch's answer may be stored as a job result, and a token must not be.
  batchable: false,
  idempotent: true,
  cacheControl: 'no-store',
  secretAnswer: true,
  handler: async ({ body, deps, request }) => {
    const address = request.clientAddress;
    // Registration has an allowance of its own, so one address cannot mint tokens to multiply buckets.
    await chargeRequest(
      deps.stores.rateLimits,
      [{ key: `register:${address}`, limit: deps.config.registerPerHour, windowMs: 3_600_000 }],
      1,
    );
    const { token, record } = await deps.stores.tokens.issue(`ip:${address}`, { label: body.client_name });
    return {
      status: 201,
      body: {
        access_token: token,
        token_type: 'Bearer',
        client_id: record.clientId,
        ...(record.label === undefined ? {} : { client_name: record.label }),
        created_at: new Date(record.createdAt).toISOString(),
        expires_at: new Date(record.expiresAt).toISOString(),
        rate_limit: { limit: deps.config.rateLimitPerMinute, window_seconds: RATE_LIMIT_WINDOW_SECONDS },
      } satisfies z.infer<typeof TokenRegistrationSchema>,
    };
  },
});

export const revokeRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/revoke',
  operationId: 'revokeToken',
  summary: 'Revoke a bearer token (RFC 7009)',
  description:
    'Body `{"token": "..."}` as JSON, or `token=...` as application/x-www-form-urlencoded as RFC 7009 sends it. ' +
    'Answers 200 whether or not the token was known, so the answer never tells whether a token exists. Once revoked, ' +
    'the token gets 401.',
  tags: ['Authentication'],
  body: TokenRevocationRequestSchema,
  formBody: true,
  responses: {
    200: { description: 'The token is no longer accepted', schema: TokenRevocationSchema },
    400: errorResponse('No token in the body (invalid_body)'),
    413: errorResponse('Body over 1 MiB (payload_too_large)'),
    415: errorResponse('Body is neither JSON nor a URL-encoded form (unsupported_media_type)'),
    429: RATE_LIMITED_RESPONSE,
  },
  batchable: false,
  cacheControl: 'no-store',
  handler: async ({ body, deps }) => {
    await deps.stores.tokens.revoke(body.token);
    return { body: { revoked: true } };
  },
});

/** This file's routes, in the order the route table lists them. */
export const authRoutes: readonly AnyRoute[] = [registerRoute, revokeRoute];
