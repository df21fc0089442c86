/**
 * The route classes of SPEC §2.1. Used by the proxy to redirect early; each page still checks
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
  "/manage-watchlists-login",
  "/help",
];
const ownerPrefixes = ["/user-analytics", "/user-master-management"];

function matches(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function classifyRoute(pathname: string): RouteClass {
  if (ownerPrefixes.some((prefix) => matches(pathname, prefix))) return "owner";
  if (pathname.includes("/blog")) return "public";
  if (subscriberPrefixes.some((prefix) => matches(pathname, prefix))) return "subscriber";
  return "public";
}

export const signInPath = "/account-management/signin";
export const signUpPath = "/account-management/signup";
export const choosePlanPath = "/pricing/choose-your-plan";
export const defaultLandingPath = "/drug-tariff-parts/partviiia";
