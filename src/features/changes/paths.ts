export const changesPath = "/changes";

/** The private feed's address for a token (ADR 118). */
export const changesFeedPath = (token: string) => `/api/changes/feed/${token}`;
