import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";

import { classifyRoute, signInPath } from "@/features/access/route-classes";

/**
 * An early redirect for visitors without a session cookie, and the request path for pages that
 * send users back after sign-in. Only a convenience: every page checks access itself (ADR 001).
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const routeClass = classifyRoute(pathname);
  if (routeClass === "subscriber" && !getSessionCookie(request)) {
    const url = new URL(signInPath, request.url);
    url.searchParams.set("redirect", `${pathname}${search}`);
    return NextResponse.redirect(url);
  }
  const forwarded = new Headers(request.headers);
  forwarded.set("x-tariffscope-path", `${pathname}${search}`);
  return NextResponse.next({ request: { headers: forwarded } });
}

export const config = {
  matcher: ["/((?!api|_next/static|_next/image|blog/|.*\\.(?:png|jpg|svg|ico|pdf|js|css|txt|xml)$).*)"],
};
