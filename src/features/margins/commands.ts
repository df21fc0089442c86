import "server-only";

import { z } from "zod";

import { defineAction as define } from "@/lib/define-action";

import { marginOwnerOf } from "./access";
import { confirmMatch, correctMatch, deleteUpload } from "./queries";

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

/** Confirms the pack of a line waiting to be checked (ADR 165), remembered for the licence. */
export const confirmMarginMatch = define(
  {
    name: "margins.confirmMatch",
    schema: z.object({ lineId: z.number().int().positive() }).strict(),
    access: "subscriber",
  },
  async ({ lineId }, { user }) => confirmMatch(marginOwnerOf(user), lineId),
);

/** Deletes one of the licence's uploads, making room under the uploads it may keep (ADR 166). */
export const deleteMarginUpload = define(
  {
    name: "margins.deleteUpload",
    schema: z.object({ uploadId: z.uuid() }).strict(),
    access: "subscriber",
  },
  async ({ uploadId }, { user }) => deleteUpload(marginOwnerOf(user), uploadId),
);
