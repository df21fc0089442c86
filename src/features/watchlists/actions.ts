"use server";

import { createActionFrom } from "@/lib/action";

import * as commands from "./commands";

/** The watchlist server actions; each one's checks and behaviour live in commands.ts. */
export const createWatchlist = createActionFrom(commands.createWatchlist);
export const renameWatchlist = createActionFrom(commands.renameWatchlist);
export const shareWatchlist = createActionFrom(commands.shareWatchlist);
export const deleteWatchlist = createActionFrom(commands.deleteWatchlist);
export const addToWatchlist = createActionFrom(commands.addToWatchlist);
export const addManyToWatchlist = createActionFrom(commands.addManyToWatchlist);
export const removeFromWatchlist = createActionFrom(commands.removeFromWatchlist);
export const saveAlertPreferences = createActionFrom(commands.saveAlertPreferences);
