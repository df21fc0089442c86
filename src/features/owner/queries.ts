import "server-only";

import { and, count, desc, eq, gte, ilike, inArray, or, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import {
  licenceInvites,
  licenses,
  ownerAuditLog,
  pageViews,
  profiles,
  user,
  userSuspensions,
} from "@/db/schema";

import { fillDays, likePattern, summarisePlans, type LicenceFigures } from "./analytics";

/**
 * The owner console's reads. Every caller is an owner page that has already called
 * `requireOwner()`; these return plain rows for its tables and charts.
 */

const dayMs = 24 * 60 * 60 * 1000;
const sinceDays = (days: number) => new Date(Date.now() - days * dayMs);

/** Page views per UTC day over the last `days` days, every day present (only visitors who accepted analytics). */
export async function getPageViewsPerDay(days: number) {
  const day = sql<string>`to_char(${pageViews.viewedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await getDb()
    .select({ day, views: count() })
    .from(pageViews)
    .where(gte(pageViews.viewedAt, sinceDays(days)))
    .groupBy(day);
  return fillDays(rows, days);
}

/** Page views per path over the last `days` days, most viewed first. */
export async function getPageViewsByPath(days: number) {
  return getDb()
    .select({ path: pageViews.path, views: count() })
    .from(pageViews)
    .where(gte(pageViews.viewedAt, sinceDays(days)))
    .groupBy(pageViews.path)
    .orderBy(desc(count()), pageViews.path)
    .limit(100);
}

/** Sign-ups per ISO week (starting Monday, UTC) over the last `days` days, and how many of them verified. */
export async function getSignUpsPerWeek(days: number) {
  const week = sql<string>`to_char(date_trunc('week', ${user.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  return getDb()
    .select({
      week,
      signUps: count(),
      verified: sql<number>`count(*) filter (where ${user.emailVerified})::int`,
    })
    .from(user)
    .where(gte(user.createdAt, sinceDays(days)))
    .groupBy(week)
    .orderBy(week);
}

/** Every account, verified or not. */
export async function getVerificationCounts() {
  const [row] = await getDb()
    .select({
      verified: sql<number>`count(*) filter (where ${user.emailVerified})::int`,
      unverified: sql<number>`count(*) filter (where not ${user.emailVerified})::int`,
    })
    .from(user);
  return row ?? { verified: 0, unverified: 0 };
}

/** Subscriptions, seats and monthly recurring revenue per plan (see `summarisePlans`). */
export async function getPlanSummary() {
  const used = getDb()
    .select({ licenseId: profiles.licenseId, used: count().as("used") })
    .from(profiles)
    .groupBy(profiles.licenseId)
    .as("used");
  const rows: LicenceFigures[] = await getDb()
    .select({
      planId: licenses.planId,
      billingInterval: licenses.billingInterval,
      status: licenses.status,
      licences: count(),
      seatsSold: sql<number>`coalesce(sum(${licenses.numberOfLicenses}), 0)::int`,
      seatsUsed: sql<number>`coalesce(sum(${used.used}), 0)::int`,
    })
    .from(licenses)
    .leftJoin(used, eq(used.licenseId, licenses.licenseId))
    .groupBy(licenses.planId, licenses.billingInterval, licenses.status);
  return summarisePlans(rows);
}

/**
 * Licences whose subscription ended, per UTC month over the last `days` days. The licence keeps
 * no separate cancellation time: its last update is when the provider told us it ended.
 */
export async function getCancellationsPerMonth(days: number) {
  const month = sql<string>`to_char(${licenses.updatedAt} at time zone 'UTC', 'YYYY-MM')`;
  return getDb()
    .select({ month, cancellations: count() })
    .from(licenses)
    .where(and(eq(licenses.status, "canceled"), gte(licenses.updatedAt, sinceDays(days))))
    .groupBy(month)
    .orderBy(month);
}

const userName = sql<string>`trim(coalesce(${profiles.firstName}, '') || ' ' || coalesce(${profiles.lastName}, ''))`;
/*
 * Correlated subqueries name their tables in full: Drizzle writes a column in `sql` without its table,
 * which inside a subquery would bind to the subquery's own table.
 */
const suspendedColumn = sql<boolean>`exists (select 1 from ${userSuspensions} s where s.user_id = "profiles"."id")`;

/** A licence as the console lists it: its plan and status, and how many of its seats are taken. */
const licenceSummary = {
  licenseId: licenses.licenseId,
  organisation: licenses.organisation,
  status: licenses.status,
  planId: licenses.planId,
  seats: licenses.numberOfLicenses,
  users: sql<number>`(select count(*) from ${profiles} p where p.license_id = "licenses"."license_id")::int`,
};

/** Users and licences whose e-mail, name or organisation contains `term` (at most 50 of each). */
export async function searchOwnerConsole(term: string) {
  const pattern = likePattern(term);
  const db = getDb();
  const users = await db
    .select({
      id: profiles.id,
      email: profiles.email,
      name: userName,
      organisation: licenses.organisation,
      licenseId: profiles.licenseId,
      admin: profiles.admin,
      suspended: suspendedColumn,
    })
    .from(profiles)
    .leftJoin(licenses, eq(licenses.licenseId, profiles.licenseId))
    .where(
      or(
        ilike(profiles.email, pattern),
        ilike(userName, pattern),
        ilike(sql`coalesce(${licenses.organisation}, '')`, pattern),
      ),
    )
    .orderBy(profiles.email)
    .limit(50);
  const matchingMembers = db
    .select({ licenseId: profiles.licenseId })
    .from(profiles)
    .where(or(ilike(profiles.email, pattern), ilike(userName, pattern)));
  const licenceRows = await db
    .select(licenceSummary)
    .from(licenses)
    .where(
      or(
        ilike(sql`coalesce(${licenses.organisation}, '')`, pattern),
        inArray(licenses.licenseId, matchingMembers),
      ),
    )
    .orderBy(licenses.organisation)
    .limit(50);
  return { users, licences: licenceRows };
}

/** Every licence with its seats and how many are used: the console's overview before any search. */
export async function getLicenceOverview() {
  return getDb()
    .select({ ...licenceSummary, createdAt: licenses.createdAt })
    .from(licenses)
    .orderBy(licenses.organisation);
}

/** One licence as the owner sees it: provider ids, users, invitations and its audit history. */
export async function getLicenceForOwner(licenseId: string) {
  const db = getDb();
  const [licence] = await db.select().from(licenses).where(eq(licenses.licenseId, licenseId));
  if (!licence) return null;
  const [members, invites, audit] = await Promise.all([
    db
      .select({
        id: profiles.id,
        email: profiles.email,
        name: userName,
        admin: profiles.admin,
        lastSignedIn: profiles.lastSignedIn,
        suspended: suspendedColumn,
      })
      .from(profiles)
      .where(eq(profiles.licenseId, licenseId))
      .orderBy(desc(profiles.admin), profiles.email),
    db
      .select({
        id: licenceInvites.id,
        email: licenceInvites.email,
        createdAt: licenceInvites.createdAt,
        expiresAt: licenceInvites.expiresAt,
        acceptedAt: licenceInvites.acceptedAt,
        open: sql<boolean>`${licenceInvites.acceptedAt} is null and ${licenceInvites.expiresAt} > now()`,
      })
      .from(licenceInvites)
      .where(eq(licenceInvites.licenseId, licenseId))
      .orderBy(desc(licenceInvites.createdAt)),
    getAuditEntries(licenseId),
  ]);
  return { licence, members, invites, audit };
}

/** The audit entries about a licence or its users, newest first. */
export async function getAuditEntries(licenseId: string) {
  return getDb()
    .select()
    .from(ownerAuditLog)
    .where(eq(ownerAuditLog.licenseId, licenseId))
    .orderBy(desc(ownerAuditLog.createdAt))
    .limit(200);
}
