import { productPaths } from "@/features/tariff/product-metadata";

/**
 * The route classes of product §2.1. Used by the proxy to redirect early; each page still checks
 * access itself (lib/session.ts), so a mistake here can only cost speed, never data.
 */
export type RouteClass = "public" | "subscriber" | "owner";

const subscriberPrefixes = [
  "/account-management/dashboard",
  "/drug-tariff-parts",
  "/reimbursement-info",
  "/insights",
  "/brands",
  "/concession-prices",
  "/compare-editions",
  "/margin-check",
  "/changes",
  "/manage-watchlists-login",
  "/help",
];
const ownerPrefixes = ["/user-analytics", "/user-master-management"];

function matches(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** A public product page (`/drug-info/…`, `/appliance-info/…`, `/brand-info/…`). */
export function isProductPath(pathname: string): boolean {
  return Object.values(productPaths).some((prefix) => pathname.startsWith(`${prefix}/`));
}

/**
 * Where a signed-in user's request for a product page is served from: the same page inside the app
 * shell (ADR 042). The proxy rewrites to it, so the address stays the public one; it is never linked.
 */
export const signedInProductPrefix = "/signed-in";

export function isSignedInProductPath(pathname: string): boolean {
  return matches(pathname, signedInProductPrefix);
}

export function classifyRoute(pathname: string): RouteClass {
  if (ownerPrefixes.some((prefix) => matches(pathname, prefix))) return "owner";
  if (pathname.includes("/blog")) return "public";
  if (subscriberPrefixes.some((prefix) => matches(pathname, prefix))) return "subscriber";
  return "public";
}
