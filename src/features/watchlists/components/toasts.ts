/** The watchlist toasts share one id, so each replaces the one before (one visible at a time). */
export const watchlistToast = "watchlists";
