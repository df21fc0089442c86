import "server-only";

import { eq } from "drizzle-orm";

import { getDb } from "@/db/client";
import { onboardingTours } from "@/db/schema";

import { tourIds, type TourId } from "./tours";

/** The tours this user has finished or skipped, so they do not start again by themselves. */
export async function getSeenTours(userId: string): Promise<TourId[]> {
  const rows = await getDb()
    .select({ tour: onboardingTours.tour })
    .from(onboardingTours)
    .where(eq(onboardingTours.userId, userId));
  return rows
    .map((row) => row.tour)
    .filter((tour): tour is TourId => (tourIds as readonly string[]).includes(tour));
}
