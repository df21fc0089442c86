import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";

import {
  classifyRoute,
  isProductPath,
  isSignedInProductPath,
  signedInProductPrefix,
} from "@/features/access/route-classes";
import { getEnv } from "@/lib/env";
import { signInPath } from "@/lib/paths";
import { securityHeaders } from "@/lib/security/content-security-policy";
import { authCookiePrefix } from "@/lib/security/session-cookie";

/**
 * Every response but the build's hashed assets gets a Content-Security-Policy with a nonce of its own
 * (Next.js reads it from the request's copy and puts it on its scripts) and, over https, HSTS (ADR 030).
 * Visitors without a session cookie are redirected early from subscriber pages, pages learn the
 * request path to send users back to after sign-in, and a product page is served in the shell that
 * fits its visitor (ADR 042). All of it is only a convenience: every page checks access itself
 * (ADR 001), and a product page shows nothing that depends on who asks.
 */
export function proxy(request: NextRequest) {
  const env = getEnv();
  const { policy, headers } = securityHeaders();
  const secured = (response: NextResponse) => {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };
  const { pathname, search } = request.nextUrl;
  const hasSession = Boolean(getSessionCookie(request, { cookiePrefix: authCookiePrefix(env) }));

  // The signed-in product pages have one address each, the public one.
  if (isSignedInProductPath(pathname)) {
    const url = request.nextUrl.clone();
    url.pathname = pathname.slice(signedInProductPrefix.length) || "/";
    return secured(NextResponse.redirect(url));
  }
  if (classifyRoute(pathname) === "subscriber" && !hasSession) {
    const url = new URL(signInPath, request.url);
    url.searchParams.set("redirect", `${pathname}${search}`);
    return secured(NextResponse.redirect(url));
  }
  const forwarded = new Headers(request.headers);
  forwarded.set("x-tariffscope-path", `${pathname}${search}`);
  forwarded.set("content-security-policy", policy);
  if (isProductPath(pathname) && hasSession) {
    const url = request.nextUrl.clone();
    url.pathname = `${signedInProductPrefix}${pathname}`;
    return secured(NextResponse.rewrite(url, { request: { headers: forwarded } }));
  }
  return secured(NextResponse.next({ request: { headers: forwarded } }));
}

export const config = {
  // The upload routes (the import console's, the margin check's) read their large bodies themselves,
  // refusing one over their limit with a clear message: through the proxy, Next.js would buffer the
  // body and silently cut it at 10 MB. Each checks the session itself, as every route does, and sets
  // the headers of `secured` above itself (withSecurityHeaders).
  matcher: ["/((?!_next/static|_next/image|api/owner/imports|api/margin-check).*)"],
};
