import { z } from "zod";

import { maxItemsPerWatchlist, tooManyItemsMessage } from "./limits";
import { productKinds, type ProductKind } from "@/lib/tariff-vocabulary";

/** The kinds of pack a watchlist follows: one per product page, each keyed by that page's code. */
export const packKinds = productKinds;
export type PackKind = ProductKind;

const name = z
  .string()
  .trim()
  .min(1, "Please give the watchlist a name.")
  .max(80, "Please keep the name to 80 characters or fewer.");

const pack = {
  kind: z.enum(packKinds),
  // SNOMED CT identifiers: 6 to 18 digits (the product pages' codes).
  code: z.string().regex(/^\d{6,18}$/, "That is not a pack code."),
};

export const createWatchlistSchema = z.object({ name }).strict();
export const renameWatchlistSchema = z.object({ watchlistId: z.uuid(), name }).strict();
export const watchlistIdSchema = z.object({ watchlistId: z.uuid() }).strict();
export const shareWatchlistSchema = z.object({ watchlistId: z.uuid(), shared: z.boolean() }).strict();
/** Without a watchlist, the pack goes on the user's first own watchlist, made if they have none. */
export const addItemSchema = z.object({ watchlistId: z.uuid().optional(), ...pack }).strict();
/** Several packs of one kind at once (a list page's selected rows), onto one watchlist, as `addItemSchema`. */
export const addItemsSchema = z
  .object({
    watchlistId: z.uuid().optional(),
    kind: pack.kind,
    codes: z
      .array(pack.code)
      .min(1, "Choose at least one pack.")
      .max(maxItemsPerWatchlist, tooManyItemsMessage),
  })
  .strict();
export const removeItemSchema = z.object({ watchlistId: z.uuid(), ...pack }).strict();

export const alertPreferencesSchema = z
  .object({
    enabled: z.boolean(),
    thresholdPercent: z
      .number("Please enter a percentage.")
      .min(0, "Please enter 0 or more.")
      .max(1000, "Please enter 1,000 or less."),
    delivery: z.enum(["immediate", "weekly"]),
    /** Also the licence's margin-check lines that turn loss-making (ADR 134). */
    marginLosses: z.boolean(),
  })
  .strict();
