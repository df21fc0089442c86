import "server-only";

import { eq, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { profiles } from "@/db/schema";
import { ewOnlySearchParts } from "@/lib/search-part-ids";
import { defineAction as define } from "@/lib/define-action";
import { AppError } from "@/lib/errors";

import { editionSchema, personalDetailsSchema } from "./schemas";

/** Names and occupation only: the strict schema refuses any other field (R3). */
export const updatePersonalDetails = define(
  { name: "accounts.updatePersonalDetails", schema: personalDetailsSchema, access: "user" },
  async (input, { user }) => {
    const updated = await getDb()
      .update(profiles)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        jobRole: input.jobRole,
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, user.id))
      .returning({ id: profiles.id });
    if (updated.length === 0) throw new AppError("not_found", "Your profile could not be found.");
    return input;
  },
);

/**
 * product §4: the profile is updated first; the screen changes only when this succeeds. Northern
 * Ireland searches no Part VIIIB or VIIID, so it forgets that they were switched off: back in England
 * & Wales they are searched again (ADR 098).
 */
export const updateEdition = define(
  { name: "accounts.updateEdition", schema: editionSchema, access: "user" },
  async (input, { user }) => {
    const withoutEwOnly = ewOnlySearchParts.reduce(
      (parts, part) => sql`array_remove(${parts}, ${part})`,
      sql`${profiles.searchPartsOff}`,
    );
    const updated = await getDb()
      .update(profiles)
      .set({
        edition: input.edition,
        ...(input.edition === 2 ? { searchPartsOff: withoutEwOnly } : {}),
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, user.id))
      .returning({ edition: profiles.edition });
    if (updated.length === 0) throw new AppError("not_found", "Your profile could not be found.");
    return { edition: input.edition };
  },
);
