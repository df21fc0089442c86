import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";

import {
  classifyRoute,
  isProductPath,
  isSignedInProductPath,
  signedInProductPrefix,
  signInPath,
} from "@/features/access/route-classes";

/**
 * An early redirect for visitors without a session cookie, the request path for pages that send
 * users back after sign-in, and the choice of a product page's shell. Only a convenience: every page
 * checks access itself (ADR 001), and a product page shows nothing that depends on who asks.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // The signed-in product pages have one address each, the public one.
  if (isSignedInProductPath(pathname)) {
    const url = request.nextUrl.clone();
    url.pathname = pathname.slice(signedInProductPrefix.length) || "/";
    return NextResponse.redirect(url);
  }
  const routeClass = classifyRoute(pathname);
  if (routeClass === "subscriber" && !getSessionCookie(request)) {
    const url = new URL(signInPath, request.url);
    url.searchParams.set("redirect", `${pathname}${search}`);
    return NextResponse.redirect(url);
  }
  const forwarded = new Headers(request.headers);
  forwarded.set("x-tariffscope-path", `${pathname}${search}`);
  // A visitor gets the cached public page; a session's holder the same page in the app shell (ADR 042).
  if (isProductPath(pathname) && getSessionCookie(request)) {
    const url = request.nextUrl.clone();
    url.pathname = `${signedInProductPrefix}${pathname}`;
    return NextResponse.rewrite(url, { request: { headers: forwarded } });
  }
  return NextResponse.next({ request: { headers: forwarded } });
}

export const config = {
  matcher: ["/((?!api|_next/static|_next/image|blog/|.*\\.(?:png|jpg|svg|ico|pdf|js|css|txt|xml)$).*)"],
};
