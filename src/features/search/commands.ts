import "server-only";

import { eq } from "drizzle-orm";
import { z } from "zod";

import { getDb } from "@/db/client";
import { profiles } from "@/db/schema";
import { defineAction as define } from "@/lib/define-action";
import { AppError } from "@/lib/errors";

import { partsOffIn, searchPartIds } from "./parts";

export const searchPartsSchema = z
  .object({ off: z.array(z.enum(searchPartIds)).max(searchPartIds.length) })
  .strict();

/**
 * Remembers the parts the signed-in subscriber switched off in 'Select Parts to Search', on their
 * profile, so the choice holds in every browser they use (ADR 098). Only parts their edition offers
 * are kept.
 */
export const saveSearchParts = define(
  { name: "search.saveSearchParts", schema: searchPartsSchema, access: "subscriber" },
  async ({ off }, { user }) => {
    const kept = partsOffIn(user.edition, off);
    const updated = await getDb()
      .update(profiles)
      .set({ searchPartsOff: kept, updatedAt: new Date() })
      .where(eq(profiles.id, user.id))
      .returning({ id: profiles.id });
    if (updated.length === 0) throw new AppError("not_found", "Your profile could not be found.");
    return { off: kept };
  },
);
