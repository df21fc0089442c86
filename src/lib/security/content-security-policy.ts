/**
 * The headers of each response that depend on the request or the deployment (docs/security.md R15), set by
 * the proxy (src/proxy.ts). The fixed ones (nosniff and friends) are in next.config.ts. ADR 030.
 */

/** 128 random bits for one response's nonce. */
export function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * Scripts run only with this response's nonce, or when such a script loads them ('strict-dynamic':
 * Next.js's chunks, the analytics script after consent). Styles may be inline: server-rendered style
 * attributes (Radix, recharts) and the style elements UI libraries insert carry no nonce, and CSS runs
 * no script.
 */
export function contentSecurityPolicy(options: { nonce: string; https: boolean; development: boolean }) {
  return [
    "default-src 'self'",
    // React rebuilds server error stacks with eval in development only.
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    "form-action 'self'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Browsers then refuse plain http to this host (and its subdomains) for a year. */
export const strictTransportSecurity = "max-age=31536000; includeSubDomains";
