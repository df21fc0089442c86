/** How far one user's watchlists may grow (ADR 056); each limit is refused with its own message. */
export const maxWatchlistsPerUser = 20;
export const maxItemsPerWatchlist = 2000;

export const tooManyWatchlistsMessage = `You can have up to ${maxWatchlistsPerUser} watchlists. Delete one you no longer use to make another.`;
export const tooManyItemsMessage = `A watchlist holds up to ${maxItemsPerWatchlist.toLocaleString("en-GB")} packs. Remove some, or start another watchlist.`;
export const duplicateNameMessage = "You already have a watchlist with that name.";

/** The watchlist made for a user who adds their first pack without having made one. */
export const defaultWatchlistName = "My watchlist";
