import { getEnv, servesHttps } from "@/lib/env";

/**
 * The headers of each response that depend on the request or the deployment (docs/security.md R15), set by
 * the proxy (src/proxy.ts), and by the routes it does not see themselves (`withSecurityHeaders`). The
 * fixed ones (nosniff and friends) are in next.config.ts. ADR 030.
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

/** A new policy for one response, and the headers that carry it (with HSTS when the site is https). */
export function securityHeaders(): { policy: string; headers: Record<string, string> } {
  const env = getEnv();
  const https = servesHttps(env);
  const policy = contentSecurityPolicy({
    nonce: createNonce(),
    https,
    development: env.NODE_ENV === "development",
  });
  return {
    policy,
    headers: {
      "content-security-policy": policy,
      ...(https ? { "strict-transport-security": strictTransportSecurity } : {}),
    },
  };
}

/**
 * For a route the proxy does not see (the upload routes: src/proxy.ts says why): the headers the
 * proxy gives every other response, on each of its answers, refusals included.
 */
export function withSecurityHeaders<Context>(
  handler: (request: Request, context: Context) => Promise<Response>,
): (request: Request, context: Context) => Promise<Response> {
  return async (request, context) => {
    const response = await handler(request, context);
    for (const [name, value] of Object.entries(securityHeaders().headers)) response.headers.set(name, value);
    return response;
  };
}
