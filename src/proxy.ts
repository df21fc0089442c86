import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";

import { classifyRoute, signInPath } from "@/features/access/route-classes";
import { getEnv, servesHttps } from "@/lib/env";
import {
  contentSecurityPolicy,
  createNonce,
  strictTransportSecurity,
} from "@/lib/security/content-security-policy";
import { authCookiePrefix } from "@/lib/security/session-cookie";

/**
 * Every response but the build's hashed assets gets a Content-Security-Policy with a nonce of its own
 * (Next.js reads it from the request's copy and puts it on its scripts) and, over https, HSTS (ADR 030).
 * Visitors without a session cookie are redirected early from subscriber pages, and pages learn the
 * request path to send users back to after sign-in. The redirect is only a convenience: every page
 * checks access itself (ADR 001).
 */
export function proxy(request: NextRequest) {
  const env = getEnv();
  const https = servesHttps(env);
  const policy = contentSecurityPolicy({
    nonce: createNonce(),
    https,
    development: env.NODE_ENV === "development",
  });
  const { pathname, search } = request.nextUrl;
  let response: NextResponse;
  if (
    classifyRoute(pathname) === "subscriber" &&
    !getSessionCookie(request, { cookiePrefix: authCookiePrefix(env) })
  ) {
    const url = new URL(signInPath, request.url);
    url.searchParams.set("redirect", `${pathname}${search}`);
    response = NextResponse.redirect(url);
  } else {
    const forwarded = new Headers(request.headers);
    forwarded.set("x-tariffscope-path", `${pathname}${search}`);
    forwarded.set("content-security-policy", policy);
    response = NextResponse.next({ request: { headers: forwarded } });
  }
  response.headers.set("content-security-policy", policy);
  if (https) response.headers.set("strict-transport-security", strictTransportSecurity);
  return response;
}

export const config = {
  matcher: ["/((?!_next/static|_next/image).*)"],
};
