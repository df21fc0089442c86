/**
 * Pages that the session, the proxy and several features send people to: named once, so a redirect
 * and a link cannot drift apart.
 */
export const signInPath = "/account-management/signin";
export const signUpPath = "/account-management/signup";
export const choosePlanPath = "/pricing/choose-your-plan";
/** Where a signed-in subscriber lands by default. */
export const defaultLandingPath = "/drug-tariff-parts/partviiia";
