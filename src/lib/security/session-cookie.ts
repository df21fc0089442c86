import { servesHttps, type Env } from "../env";

/**
 * How Better Auth's cookie names begin. Over https, `__Host-`: a browser keeps such a cookie only if
 * it is Secure, for path / and for this host alone (no Domain), so neither a plain-http page nor a
 * sibling subdomain can plant or overwrite a session (R10). Better Auth's own https prefix is the
 * weaker `__Secure-`.
 */
export function authCookiePrefix(env: Env): string {
  return servesHttps(env) ? "__Host-better-auth" : "better-auth";
}
