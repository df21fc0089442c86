/**
 * A cookie readable by scripts that only says "this browser has signed in", so static public pages
 * can show Sign Out and Access Platform without asking the server. It grants nothing: every
 * protected page and action checks the real, HttpOnly session itself.
 */
export const signedInHintCookie = "tariffscopeSignedIn";

export function hasSignedInHint(cookieHeader: string): boolean {
  return cookieHeader.split(";").some((part) => part.trim() === `${signedInHintCookie}=1`);
}
