import "server-only";

import { count, desc, gte, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { licenses, pageViews, profiles } from "@/db/schema";

/** Page views per path over the last `days` days (only visitors who accepted analytics are counted). */
export async function getPageViewsByPath(days: number) {
  const since = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  return getDb()
    .select({ path: pageViews.path, views: count() })
    .from(pageViews)
    .where(gte(pageViews.viewedAt, since))
    .groupBy(pageViews.path)
    .orderBy(desc(count()), pageViews.path)
    .limit(100);
}

/** Every licence with its seats and how many are used: the operator's overview. */
export async function getLicenceOverview() {
  return getDb()
    .select({
      licenseId: licenses.licenseId,
      organisation: licenses.organisation,
      seats: licenses.numberOfLicenses,
      users: sql<number>`count(${profiles.id})::int`,
      createdAt: licenses.createdAt,
    })
    .from(licenses)
    .leftJoin(profiles, sql`${profiles.licenseId} = ${licenses.licenseId}`)
    .groupBy(licenses.licenseId)
    .orderBy(licenses.organisation);
}
