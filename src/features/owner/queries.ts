import "server-only";

import { and, count, desc, eq, gte, ilike, inArray, or, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import {
  licenceInvites,
  licences,
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
    .select({ licenceId: profiles.licenceId, used: count().as("used") })
    .from(profiles)
    .groupBy(profiles.licenceId)
    .as("used");
  const rows: LicenceFigures[] = await getDb()
    .select({
      planId: licences.planId,
      billingInterval: licences.billingInterval,
      status: licences.status,
      licences: count(),
      seatsSold: sql<number>`coalesce(sum(${licences.seats}), 0)::int`,
      seatsUsed: sql<number>`coalesce(sum(${used.used}), 0)::int`,
    })
    .from(licences)
    .leftJoin(used, eq(used.licenceId, licences.licenceId))
    .groupBy(licences.planId, licences.billingInterval, licences.status);
  return summarisePlans(rows);
}

/**
 * Licences whose subscription ended, per UTC month over the last `days` days. The licence keeps
 * no separate cancellation time: its last update is when the provider told us it ended.
 */
export async function getCancellationsPerMonth(days: number) {
  const month = sql<string>`to_char(${licences.updatedAt} at time zone 'UTC', 'YYYY-MM')`;
  return getDb()
    .select({ month, cancellations: count() })
    .from(licences)
    .where(and(eq(licences.status, "canceled"), gte(licences.updatedAt, sinceDays(days))))
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
  licenceId: licences.licenceId,
  organisation: licences.organisation,
  status: licences.status,
  planId: licences.planId,
  seats: licences.seats,
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
      organisation: licences.organisation,
      licenceId: profiles.licenceId,
      admin: profiles.admin,
      suspended: suspendedColumn,
    })
    .from(profiles)
    .leftJoin(licences, eq(licences.licenceId, profiles.licenceId))
    .where(
      or(
        ilike(profiles.email, pattern),
        ilike(userName, pattern),
        ilike(sql`coalesce(${licences.organisation}, '')`, pattern),
      ),
    )
    .orderBy(profiles.email)
    .limit(50);
  const matchingMembers = db
    .select({ licenceId: profiles.licenceId })
    .from(profiles)
    .where(or(ilike(profiles.email, pattern), ilike(userName, pattern)));
  const licenceRows = await db
    .select(licenceSummary)
    .from(licences)
    .where(
      or(
        ilike(sql`coalesce(${licences.organisation}, '')`, pattern),
        inArray(licences.licenceId, matchingMembers),
      ),
    )
    .orderBy(licences.organisation)
    .limit(50);
  return { users, licences: licenceRows };
}

/** Every licence with its seats and how many are used: the console's overview before any search. */
export async function getLicenceOverview() {
  return getDb()
    .select({ ...licenceSummary, createdAt: licences.createdAt })
    .from(licences)
    .orderBy(licences.organisation);
}

/** One licence as the owner sees it: provider ids, users, invitations and its audit history. */
export async function getLicenceForOwner(licenceId: string) {
  const db = getDb();
  const [licence] = await db.select().from(licences).where(eq(licences.licenceId, licenceId));
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
      .where(eq(profiles.licenceId, licenceId))
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
      .where(eq(licenceInvites.licenceId, licenceId))
      .orderBy(desc(licenceInvites.createdAt)),
    getAuditEntries(licenceId),
  ]);
  return { licence, members, invites, audit };
}

/** The audit entries about a licence or its users, newest first. */
export async function getAuditEntries(licenceId: string) {
  return getDb()
    .select()
    .from(ownerAuditLog)
    .where(eq(ownerAuditLog.licenceId, licenceId))
    .orderBy(desc(ownerAuditLog.createdAt))
    .limit(200);
}
