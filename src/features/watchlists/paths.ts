/** The watchlists page (SPEC §2.1); `?list=` opens one of the user's watchlists. */
export const watchlistsPath = "/manage-watchlists-login";
