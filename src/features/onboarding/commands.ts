import "server-only";

import { sql } from "drizzle-orm";
import { z } from "zod";

import { getDb } from "@/db/client";
import { onboardingTours } from "@/db/schema";
import { defineAction as define } from "@/lib/define-action";

import { tourIds, tourOutcomes } from "./tours";

export const tourOutcomeSchema = z.object({ tour: z.enum(tourIds), outcome: z.enum(tourOutcomes) }).strict();

/**
 * Remembers that the signed-in user finished or skipped a tour. Kept on the server, per user, so it
 * holds on every device and browser; the last outcome wins when a tour is replayed from Help.
 */
export const recordTourOutcome = define(
  { name: "onboarding.recordTourOutcome", schema: tourOutcomeSchema, access: "user" },
  async ({ tour, outcome }, { user }) => {
    await getDb()
      .insert(onboardingTours)
      .values({ userId: user.id, tour, outcome })
      .onConflictDoUpdate({
        target: [onboardingTours.userId, onboardingTours.tour],
        set: { outcome, updatedAt: sql`now()` },
      });
    return { tour, outcome };
  },
);
