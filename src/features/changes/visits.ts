import "server-only";

import { sql } from "drizzle-orm";

import { getDb } from "@/db/client";

/** Opening /changes again within this long (a reload, a filter) is the same visit. */
const sameVisitMinutes = 30;

/**
 * Records that the user opened /changes now and answers when they opened it before this visit
 * (null the first time): the page's default "since" (ADR 117). One statement, so two tabs opened
 * at once agree.
 */
export async function recordChangesVisit(userId: string, now = new Date()): Promise<Date | null> {
  const at = now.toISOString();
  const result = await getDb().execute<{ previous: string | null }>(sql`
    insert into change_visits (user_id, visited_at) values (${userId}, ${at}::timestamptz)
    on conflict (user_id) do update set
      previous_visited_at = case
        when change_visits.visited_at < ${at}::timestamptz - make_interval(mins => ${sameVisitMinutes})
        then change_visits.visited_at else change_visits.previous_visited_at end,
      visited_at = case
        when change_visits.visited_at < ${at}::timestamptz - make_interval(mins => ${sameVisitMinutes})
        then ${at}::timestamptz else change_visits.visited_at end
    returning previous_visited_at::text as previous`);
  const previous = result.rows[0]?.previous;
  return previous ? new Date(previous) : null;
}
