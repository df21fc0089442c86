/** The watchlists page; `?list=` opens one of the user's watchlists. */
export const watchlistsPath = "/manage-watchlists-login";
