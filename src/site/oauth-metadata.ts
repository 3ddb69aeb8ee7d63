// OAuth metadata that tells the truth about our optional bearer tokens: the site is its own
// protected resource (RFC 9728) and its own authorization server (RFC 8414), yet there is no OAuth
// flow. Tokens come straight from the registration endpoint and are revoked at the revocation one.
import { absoluteUrl, DISCOVERY } from './urls.ts';

/** RFC 9728: `resource` must equal the identifier the well-known URL was built from, SITE_URL itself. */
export function protectedResourceMetadata(siteUrl: string) {
  return {
    resource: siteUrl,
    authorization_servers: [siteUrl],
    bearer_methods_supported: ['header'],
    resource_name: 'Research Hub',
    resource_documentation: absoluteUrl(siteUrl, DISCOVERY.authGuide),
  };
}

/** RFC 8414: `issuer` must equal the identifier the well-known URL was built from, SITE_URL itself. */
export function authorizationServerMetadata(siteUrl: string) {
  return {
    issuer: siteUrl,
    // No authorization_endpoint and no token_endpoint: neither exists. RFC 8414 requires
    // response_types_supported; an empty list is the honest answer (no response type can be
    // requested), and an explicit empty grant_types_supported stops clients from assuming the
    // default ["authorization_code", "implicit"].
    // RFC 8414 makes token_endpoint REQUIRED "unless only the implicit grant type is supported", i.e.
    // whenever a supported grant is redeemed at a token endpoint. No grant is supported here, so none
    // is, and no URL could be named truthfully: the register endpoint is not an RFC 6749 token endpoint
    // (JSON in, no grant_type, errors in the API's shape), and a token endpoint that refuses every grant
    // would be a second error model with no valid request. README.md (Discovery) records the choice.
    response_types_supported: [],
    grant_types_supported: [],
    registration_endpoint: absoluteUrl(siteUrl, DISCOVERY.authRegister),
    revocation_endpoint: absoluteUrl(siteUrl, DISCOVERY.authRevoke),
    // No client authenticates anywhere; left out, these would default to client_secret_basic.
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    service_documentation: absoluteUrl(siteUrl, DISCOVERY.authGuide),
  };
}
