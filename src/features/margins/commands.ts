import "server-only";

import { z } from "zod";

import { defineAction as define } from "@/lib/define-action";

import { marginOwnerOf } from "./access";
import { correctMatch } from "./queries";

export const correctionSchema = z
  .object({ lineId: z.number().int().positive(), code: z.string().trim().min(6).max(20) })
  .strict();

/**
 * Corrects a line's match to the pack a code names, remembered for the licence (ADR 130). The
 * licence is the session's; a line id of another licence is not found.
 */
export const correctMarginMatch = define(
  { name: "margins.correctMatch", schema: correctionSchema, access: "subscriber" },
  async ({ lineId, code }, { user }) => correctMatch(marginOwnerOf(user), lineId, code),
);
