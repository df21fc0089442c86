import "server-only";

import { sql } from "drizzle-orm";

import { getDb, type Database } from "@/db/client";
import { productPaths } from "@/features/tariff/product-metadata";
import { sendEmail, unsubscribeUrlFor, watchlistAlertEmail, type WatchlistAlertLine } from "@/lib/email";
import { getEnv } from "@/lib/env";
import type { Job } from "@/lib/jobs";
import { getLogger } from "@/lib/logger";
import { formatPence, monthLabel, partLabel, type Edition, type PartId } from "@/lib/tariff-vocabulary";

import { watchlistsPath } from "./paths";
import type { PackKind } from "./schemas";

/** The parts whose month-to-month changes (`tariff_changes`) name packs a watchlist can hold. */
const watchedParts: Partial<Record<PartId, PackKind>> = { viiia: "drug", ix: "appliance" };

type NewAlert = {
  user_id: string;
  email: string;
  first_name: string | null;
  code: string;
  name: string;
  change: "price_change" | "category_change" | "deletion";
  old_price_pence: number | null;
  new_price_pence: number | null;
  price_change_percent: string | number | null;
  old_category: string | null;
  new_category: string | null;
  period: string;
};

function describe(alert: NewAlert): string {
  if (alert.change === "deletion") return "no longer listed";
  if (alert.change === "category_change")
    return `category ${alert.old_category ?? "none"} → ${alert.new_category ?? "none"}`;
  const percent = Number(alert.price_change_percent);
  const sign = percent > 0 ? "+" : "";
  return `price ${formatPence(alert.old_price_pence ?? 0)} → ${formatPence(alert.new_price_pence ?? 0)} (${sign}${percent.toFixed(1)}%)`;
}

/**
 * Records, once per watcher and change, the changes an import made to watched packs, and e-mails
 * each watcher one digest of the ones new to them (ADR 057). The record and the e-mail are at most
 * once: a change already recorded (the same file imported again, another import of the same month,
 * two imports at once) is never sent again, as the unique key decides which insert wins.
 *
 * Watchers are the owner of each watchlist holding the pack and, for a shared list, everyone now on
 * the owner's licence; each must be subscribed, read the edition imported, and not have turned
 * alerts off or set a threshold above the price change.
 */
export async function sendWatchlistAlerts(
  db: Database,
  imported: { edition: Edition; part: PartId; periods: string[] },
): Promise<{ emails: number; changes: number }> {
  const kind = watchedParts[imported.part];
  if (!kind || imported.periods.length === 0) return { emails: 0, changes: 0 };
  const periods = imported.periods.map((period) => `${period.slice(0, 7)}-01`);
  const periodList = sql.join(
    periods.map((period) => sql`${period}::date`),
    sql`, `,
  );
  const result = await db.execute<NewAlert>(sql`
    with watchers as (
      select w.id as watchlist_id, w.owner_id as user_id from watchlists w
      union
      select w.id, m.id from watchlists w
        join profiles o on o.id = w.owner_id
        join profiles m on m.license_id = o.license_id
      where w.shared and o.license_id is not null
    ),
    candidates as (
      select distinct on (u.id, tc.id) u.id as user_id, tc.*
      from tariff_changes tc
      join watchlist_items i on i.kind = ${kind} and i.code = tc.code
      join watchers wa on wa.watchlist_id = i.watchlist_id
      join profiles u on u.id = wa.user_id
      left join watchlist_alert_preferences pref on pref.user_id = u.id
      where tc.edition = ${imported.edition} and tc.part = ${imported.part} and tc.period in (${periodList})
        and tc.change in ('price_change', 'category_change', 'deletion')
        and u.is_subscribed and u.country = tc.edition
        and coalesce(pref.enabled, true)
        and (tc.change <> 'price_change'
          or abs(coalesce(tc.price_change_percent, 0)) >= coalesce(pref.threshold_percent, 0))
    ),
    inserted as (
      insert into watchlist_alerts_sent (user_id, change_key)
      select user_id, concat_ws('|', edition, part, period, code, change, old_price_pence, new_price_pence,
        old_category, new_category)
      from candidates
      on conflict (user_id, change_key) do nothing
      returning user_id, change_key
    )
    select c.user_id, u.email, u.first_name, c.code, c.name, c.change, c.old_price_pence, c.new_price_pence,
      c.price_change_percent, c.old_category, c.new_category, c.period::text as period
    from candidates c
    join inserted n on n.user_id = c.user_id and n.change_key = concat_ws('|', c.edition, c.part, c.period,
      c.code, c.change, c.old_price_pence, c.new_price_pence, c.old_category, c.new_category)
    join profiles u on u.id = c.user_id
    order by c.user_id, c.name, c.code`);

  const byUser = new Map<string, NewAlert[]>();
  for (const row of result.rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  const appUrl = getEnv().APP_URL;
  let emails = 0;
  for (const alerts of byUser.values()) {
    const first = alerts[0]!;
    const months = [...new Set(alerts.map((alert) => monthLabel(alert.period.slice(0, 7))))].join(", ");
    const lines: WatchlistAlertLine[] = alerts.map((alert) => ({
      name: alert.name,
      url: `${appUrl}${productPaths[kind]}/${alert.code}`,
      what: describe(alert),
    }));
    try {
      const content = await watchlistAlertEmail({
        firstName: first.first_name,
        source: `${partLabel(imported.part, imported.edition)}, ${months}`,
        lines,
        watchlistsUrl: `${appUrl}${watchlistsPath}`,
        unsubscribeUrl: unsubscribeUrlFor(first.email),
      });
      const sent = await sendEmail({ to: first.email, ...content }, { essential: false });
      if (sent.status !== "skipped") emails += 1;
    } catch (error) {
      // Recorded but not delivered: at most once, never twice (ADR 057). The import itself stands.
      getLogger().error({ err: error, userId: first.user_id }, "watchlist alert failed");
    }
  }
  return { emails, changes: result.rows.length };
}

/**
 * Announces every successful import not announced yet, oldest first, and marks each done. Imports
 * are made by the CLI, the sample data and the app alike; this runs in the app (the job below), where
 * e-mail can be rendered and sent, a minute or so after each import (ADR 057).
 */
export async function sendPendingWatchlistAlerts(db: Database): Promise<{ imports: number; emails: number }> {
  const pending = await db.execute<{ id: number; edition: Edition; part: PartId; period: string }>(sql`
    select i.id, i.edition, i.part, i.period::text as period from imports i
    where i.outcome = 'imported' and i.period is not null and i.edition is not null
      and not exists (select 1 from watchlist_alert_imports a where a.import_id = i.id)
    order by i.id limit 200`);
  let emails = 0;
  for (const row of pending.rows) {
    const sent = await sendWatchlistAlerts(db, {
      edition: row.edition,
      part: row.part,
      periods: [row.period],
    });
    emails += sent.emails;
    await db.execute(
      sql`insert into watchlist_alert_imports (import_id) values (${row.id}) on conflict do nothing`,
    );
  }
  return { imports: pending.rows.length, emails };
}

/** The alerts run on the job queue: one process at a time announces the imports not yet announced. */
export function watchlistAlertsJob(schedule: string): Job {
  return {
    name: "watchlist-alerts",
    schedule,
    timeoutSeconds: 10 * 60,
    retries: { limit: 3, delaySeconds: 60 },
    run: async () => {
      const done = await sendPendingWatchlistAlerts(getDb());
      if (done.imports > 0) getLogger().info(done, "watchlist alerts sent");
    },
  };
}
