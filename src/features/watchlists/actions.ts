"use server";

import { createAction } from "@/lib/action";

import * as commands from "./commands";

/** The watchlist server actions; each one's checks and behaviour live in commands.ts. */
export const createWatchlist = createAction(
  commands.createWatchlist.options,
  commands.createWatchlist.handler,
);
export const renameWatchlist = createAction(
  commands.renameWatchlist.options,
  commands.renameWatchlist.handler,
);
export const shareWatchlist = createAction(commands.shareWatchlist.options, commands.shareWatchlist.handler);
export const deleteWatchlist = createAction(
  commands.deleteWatchlist.options,
  commands.deleteWatchlist.handler,
);
export const addToWatchlist = createAction(commands.addToWatchlist.options, commands.addToWatchlist.handler);
export const addManyToWatchlist = createAction(
  commands.addManyToWatchlist.options,
  commands.addManyToWatchlist.handler,
);
export const removeFromWatchlist = createAction(
  commands.removeFromWatchlist.options,
  commands.removeFromWatchlist.handler,
);
export const saveAlertPreferences = createAction(
  commands.saveAlertPreferences.options,
  commands.saveAlertPreferences.handler,
);
