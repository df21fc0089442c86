import "server-only";

import { sql, type SQL } from "drizzle-orm";
import pMap from "p-map";

import { getDb, type Database } from "@/db/client";
import type { WatchlistAlertChange } from "@/db/schema";
import { checkMarginLines } from "@/features/margins/loss-checks";
import { marginUploadPath } from "@/features/margins/paths";
import { fromFirstOfAtStart, monthInForce } from "@/features/tariff/months";
import { productPaths } from "@/features/tariff/product-metadata";
import { sendEmail, unsubscribeUrlFor, watchlistAlertEmail, type WatchlistAlertLine } from "@/lib/email";
import { getEnv } from "@/lib/env";
import type { Job } from "@/lib/jobs";
import { getLogger } from "@/lib/logger";
import {
  formatPence,
  formatUkDate,
  monthLabel,
  partLabel,
  type Edition,
  type PartId,
} from "@/lib/tariff-vocabulary";

import { watchlistsPath } from "./paths";
import type { PackKind } from "./schemas";

/** The parts whose month-to-month changes (`tariff_changes`) name packs a watchlist can hold. */
const watchedParts: Partial<Record<PartId, PackKind>> = { viiia: "drug", ix: "appliance" };

/** The parts whose import can change a pack's reimbursement, and so a margin-check line's margin. */
const reimbursementParts = new Set<PartId>(["viiia", "ix", "concessions", "dmd", "zero-discount"]);

type Imported = { edition: Edition; part: PartId; periods: string[] };

/**
 * A change recorded for a user, with who they are and what it concerns: a watched pack, or
 * (`margin`) a margin-check line of their licence, by its id, that turned loss-making.
 */
type Recorded = {
  user_id: string;
  email: string;
  first_name: string | null;
  kind: PackKind | "margin";
  code: string;
  line: WatchlistAlertChange;
};

const change = (from: number | null, to: number | null) =>
  `${formatPence(from ?? 0)} → ${formatPence(to ?? 0)}`;

function describe(alert: WatchlistAlertChange): string {
  switch (alert.change) {
    case "deletion":
      return alert.detail ? `no longer listed; replaced by ${alert.detail}` : "no longer listed";
    case "category_change":
      return `category ${alert.old_category ?? "none"} → ${alert.new_category ?? "none"}`;
    case "concession_granted":
      return `concession granted for ${monthLabel(alert.period.slice(0, 7))}: ${formatPence(alert.new_pence ?? 0)}${tariff(alert)}`;
    case "concession_changed":
      return `concession for ${monthLabel(alert.period.slice(0, 7))} ${change(alert.old_pence, alert.new_pence)}${tariff(alert)}`;
    case "concession_ended":
      return `no concession for ${monthLabel(alert.period.slice(0, 7))} (${formatPence(alert.old_pence ?? 0)} the month before)`;
    case "discontinued":
      return alert.detail ? `discontinued from ${alert.detail}` : "discontinued";
    case "margin_loss": {
      const cost = alert.cost_pence ?? 0;
      const now = alert.new_pence ?? 0;
      const before = alert.old_pence === null ? "none before" : `was ${formatPence(alert.old_pence)}`;
      return `${alert.file_name ?? "margin check"}: bought at ${formatPence(cost)}, reimbursement for ${monthLabel(alert.period.slice(0, 7))} now ${formatPence(now)} (${before}), a loss of ${formatPence(cost - now)} a pack`;
    }
    default: {
      const percent = Number(alert.percent);
      const sign = percent > 0 ? "+" : "";
      return `price ${change(alert.old_pence, alert.new_pence)} (${sign}${percent.toFixed(1)}%)${perPack(alert)}`;
    }
  }
}

/** A price change in the pharmacy's terms: what each pack dispensed is reimbursed, more or less. */
function perPack(alert: WatchlistAlertChange): string {
  const difference = (alert.new_pence ?? 0) - (alert.old_pence ?? 0);
  if (alert.old_pence === null || alert.new_pence === null || difference === 0) return "";
  return `: ${formatPence(Math.abs(difference))} ${difference > 0 ? "more" : "less"} reimbursed a pack`;
}

const tariff = (alert: WatchlistAlertChange) =>
  alert.detail ? ` (tariff price ${formatPence(Number(alert.detail))})` : "";

const periodsOf = (imported: Imported) =>
  sql.join(
    imported.periods.map((period) => sql`${`${period.slice(0, 7)}-01`}::date`),
    sql`, `,
  );

/**
 * The changes an import made, one row per pack and change, in the columns every kind shares:
 * `change_key` is the change itself (ADR 057), so the same change found again is the same key.
 * `edition` null: the change holds for readers of either edition.
 */
function changesOf(imported: Imported): SQL | undefined {
  const periods = periodsOf(imported);
  const kind = watchedParts[imported.part];
  if (kind)
    // Tariff changes; a deletion paired with an addition of the same VMP names its replacement.
    return sql`
      select ${kind}::text as kind, tc.code, tc.name, tc.change, tc.edition::int as edition, tc.part,
        tc.period::text as period, tc.old_price_pence as old_pence, tc.new_price_pence as new_pence,
        tc.price_change_percent as percent, tc.old_category, tc.new_category,
        r.name || ' (' || r.code || ')' as detail,
        concat_ws('|', tc.edition, tc.part, tc.period, tc.code, tc.change, tc.old_price_pence, tc.new_price_pence,
          tc.old_category, tc.new_category) as change_key,
        tc.edition as reader_edition
      from tariff_changes tc
      left join tariff_changes r on tc.change = 'deletion' and r.change = 'addition' and r.edition = tc.edition
        and r.part = tc.part and r.period = tc.period and r.code = tc.paired_code
      where tc.edition = ${imported.edition} and tc.part = ${imported.part} and tc.period in (${periods})
        and tc.change in ('price_change', 'category_change', 'deletion') and tc.code is not null`;
  if (imported.part === "concessions")
    // A month's concessions against the month before's, when that month is loaded: granted, changed
    // or no longer there. Northern Ireland applies England's, so they reach readers of both editions.
    return sql`
      select 'drug'::text as kind, coalesce(n.code, o.code) as code, coalesce(n.drug, o.drug) as name,
        c.change, 1 as edition, 'concessions'::text as part, coalesce(n.period, o.period)::text as period,
        o.price_pence as old_pence, n.price_pence as new_pence, null::numeric as percent,
        null::text as old_category, null::text as new_category, n.tariff_price_pence::text as detail,
        concat_ws('|', 1, 'concessions', coalesce(n.period, o.period), coalesce(n.code, o.code), c.change,
          o.price_pence, n.price_pence) as change_key,
        null::smallint as reader_edition
      from (
        select distinct on (period, vmpp_snomed_code) period, vmpp_snomed_code as code, drug, price_pence,
          tariff_price_pence
        from concessions where edition = 1 and period in (${periods}) and vmpp_snomed_code is not null
        order by period, vmpp_snomed_code, id) n
      full join (
        select distinct on (p.period, x.vmpp_snomed_code) p.period, x.vmpp_snomed_code as code, x.drug, x.price_pence
        from (select unnest(array[${periods}]) as period) p
        join concessions x on x.edition = 1 and x.period = (p.period - interval '1 month')::date
          and x.vmpp_snomed_code is not null
        order by p.period, x.vmpp_snomed_code, x.id) o on o.period = n.period and o.code = n.code
      cross join lateral (values (case
        when o.code is null then 'concession_granted'
        when n.code is null then 'concession_ended'
        when o.price_pence <> n.price_pence then 'concession_changed' end)) c(change)
      where c.change is not null`;
  if (imported.part === "dmd")
    // Packs the release marks discontinued that the release before listed as available. Part IX
    // pack codes are dm+d AMPPs too. Announced once per pack and date, whichever release says so.
    return sql`
      select k.kind, b.ampp_snomed_code as code, b.name, 'discontinued'::text as change, b.edition::int as edition,
        'dmd'::text as part, b.period::text as period, null::int as old_pence, null::int as new_pence,
        null::numeric as percent, null::text as old_category, null::text as new_category,
        b.discontinued_date::text as detail,
        concat_ws('|', 'dmd', b.ampp_snomed_code, 'discontinued', b.discontinued_date) as change_key,
        null::smallint as reader_edition
      from branded_packs b
      cross join (values ('brand'), ('appliance')) k(kind)
      where b.edition = ${imported.edition} and b.period in (${periods}) and b.discontinued
        and exists (select 1 from branded_packs o
          where o.edition = b.edition and o.ampp_snomed_code = b.ampp_snomed_code and not o.discontinued
            and o.period = (select max(d.period) from tariff_datasets d
              where d.edition = b.edition and d.part = 'dmd' and d.period < b.period))`;
  return undefined;
}

/**
 * Who watches what: each list's owner and, for a shared list, everyone now on the owner's licence
 * (ADR 055), computed when it is read, so leaving a licence ends the alerts of its lists at once.
 */
const watchers = sql`
  watchers as (
    select w.id as watchlist_id, w.owner_id as user_id from watchlists w
    union
    select w.id, m.id from watchlists w
      join profiles o on o.id = w.owner_id
      join profiles m on m.license_id = o.license_id
    where w.shared and o.license_id is not null)`;

/**
 * Records, once per watcher and change, the changes an import made to watched packs, and e-mails
 * each watcher who wants them at once one digest of the ones new to them (ADR 057); the others'
 * wait for the weekly digest (ADR 125). The record and the e-mail are at most once: a change already
 * recorded (the same file imported again, another import of the same month, two imports at once) is
 * never sent again, as the unique key decides which insert wins.
 *
 * Watchers must be subscribed, read the edition imported (concessions and dm+d: either), and not
 * have turned alerts off or set a threshold above the price change.
 */
export async function sendWatchlistAlerts(
  db: Database,
  imported: Imported,
): Promise<{ emails: number; changes: number }> {
  const changes = imported.periods.length > 0 ? changesOf(imported) : undefined;
  const turned = reimbursementParts.has(imported.part) ? await checkMarginLines(db) : [];
  const months = (rows: Recorded[]) =>
    [...new Set(rows.map((row) => monthLabel(row.line.period.slice(0, 7))))].sort().join(", ");
  return forEachUserBatch(db, async (inBatch) => {
    const recorded = [
      ...(changes ? await recordWatchedChanges(db, changes, inBatch) : []),
      ...(await recordMarginLosses(db, imported.part, turned, inBatch)),
    ];
    const emails = await mailDigests(
      recorded.filter((row) => !row.weekly_pending),
      (rows) => ({ source: `${partLabel(imported.part, imported.edition)}, ${months(rows)}`, weekly: false }),
    );
    return { emails, changes: recorded.length };
  });
}

/** Users dealt with at once: an announcement holds one batch's changes and e-mails, however many subscribe. */
const usersAtOnce = 500;

/** The id of the `size`th user in id order that `where` admits: a batch's last, null when fewer are left. */
async function lastOfBatch(db: Database, where: SQL, size: number): Promise<string | null> {
  const last = await db.execute<{ id: string }>(
    sql`select id from profiles where ${where} order by id offset ${size - 1} limit 1`,
  );
  return last.rows[0]?.id ?? null;
}

/** Whether a user id column (`u.id`, `s.user_id`) is in the batch being dealt with. */
type InBatch = (userId: SQL) => SQL;

/**
 * Runs `run` for every user, `size` at a time in id order, and adds up what each batch did (ADR
 * 228). What an alert run holds in memory, the changes recorded and the e-mails being made, is then
 * one batch's, not every subscriber's (1,000 subscribers watching 20 changed packs each are 20,000
 * rows). Each user is in exactly one batch, so their changes still make one e-mail. A batch is a
 * range of ids, so a user added meanwhile falls in one range or another, never two.
 */
export async function forEachUserBatch(
  db: Database,
  run: (inBatch: InBatch) => Promise<{ emails: number; changes: number }>,
  size = usersAtOnce,
): Promise<{ emails: number; changes: number }> {
  const done = { emails: 0, changes: 0 };
  const after = (id: string | null) => (userId: SQL) => (id === null ? sql`true` : sql`${userId} > ${id}`);
  for (let from: string | null = null; ;) {
    const upTo: string | null = await lastOfBatch(db, after(from)(sql`id`), size);
    const batch = await run(
      (userId) => sql`${after(from)(userId)} and ${upTo === null ? sql`true` : sql`${userId} <= ${upTo}`}`,
    );
    done.emails += batch.emails;
    done.changes += batch.changes;
    if (upTo === null) return done;
    from = upTo;
  }
}

type Inserted = Recorded & { weekly_pending: boolean };

type ClaimedImport = { id: number; edition: Edition; part: PartId; period: string };

/**
 * Announces one publication at once (ADR 206): the imports a change on a publisher's page brought,
 * each claimed for announcing before anything is recorded (so the every-minute job, or a second run,
 * never announces it too), their changes recorded once per watcher and change, and one e-mail per
 * watcher who wants them at once, whatever number of parts and months the publication held. Changes
 * to a month not yet in force are announced as what changes "From 1 December".
 */
export async function announceImports(
  db: Database,
  importIds: number[],
  now = new Date(),
): Promise<{ emails: number; changes: number }> {
  if (importIds.length === 0) return { emails: 0, changes: 0 };
  const claimed = await db.execute<ClaimedImport>(sql`
    with claimed as (
      insert into watchlist_alert_imports (import_id)
      select i.id from imports i
      where i.id in (${sql.join(
        importIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and i.outcome = 'imported' and i.period is not null and i.edition is not null
      on conflict do nothing
      returning import_id)
    select i.id, i.edition, i.part, i.period::text as period
    from imports i join claimed c on c.import_id = i.id order by i.id`);
  const changeSets = claimed.rows.flatMap((row) => {
    const changes = changesOf({ edition: row.edition, part: row.part, periods: [row.period] });
    return changes ? [changes] : [];
  });
  const marginPart = claimed.rows.find((row) => reimbursementParts.has(row.part))?.part;
  const turned = marginPart ? await checkMarginLines(db) : [];
  const inForce = monthInForce(now).value;
  return forEachUserBatch(db, async (inBatch) => {
    const recorded: Inserted[] = [];
    for (const changes of changeSets) recorded.push(...(await recordWatchedChanges(db, changes, inBatch)));
    if (marginPart) recorded.push(...(await recordMarginLosses(db, marginPart, turned, inBatch)));
    const emails = await mailDigests(
      recorded.filter((row) => !row.weekly_pending),
      (rows) => {
        const periods = [...new Set(rows.map((row) => row.line.period.slice(0, 7)))].sort();
        const parts = [
          ...new Set(rows.map((row) => partLabel(row.line.part as PartId, row.line.edition as Edition))),
        ];
        const ahead = periods.length === 1 && periods[0]! > inForce ? periods[0]! : undefined;
        return {
          source: `${parts.join(" and ")}, ${periods.map(monthLabel).join(", ")}`,
          weekly: false,
          from: ahead ? fromFirstOfAtStart(ahead) : undefined,
        };
      },
    );
    return { emails, changes: recorded.length };
  });
}

/** The rows a `… inserted as (insert … returning user_id, kind, code, line, weekly_pending)` inserted, with their users. */
const insertedWithUsers = sql`
  select n.user_id, u.email, u.first_name, n.kind, n.code, n.line, n.weekly_pending
  from inserted n join profiles u on u.id = n.user_id`;

async function recordWatchedChanges(db: Database, changes: SQL, inBatch: InBatch): Promise<Inserted[]> {
  const result = await db.execute<Inserted>(sql`
    with ${watchers},
    changes as (${changes}),
    candidates as (
      select distinct on (u.id, ch.change_key) u.id as user_id, ch.*,
        coalesce(pref.delivery, 'immediate') = 'weekly' as weekly
      from changes ch
      join watchlist_items i on i.kind = ch.kind and i.code = ch.code
      join watchers wa on wa.watchlist_id = i.watchlist_id
      join profiles u on u.id = wa.user_id
      left join watchlist_alert_preferences pref on pref.user_id = u.id
      where u.is_subscribed and ${inBatch(sql`u.id`)}
        and (ch.reader_edition is null or u.country = ch.reader_edition)
        and coalesce(pref.enabled, true)
        and (ch.change <> 'price_change' or abs(coalesce(ch.percent, 0)) >= coalesce(pref.threshold_percent, 0))
    ),
    inserted as (
      insert into watchlist_alerts_sent (user_id, change_key, kind, code, weekly_pending, line)
      select user_id, change_key, kind, code, weekly, jsonb_build_object('name', name, 'change', change,
        'edition', edition, 'part', part, 'period', period, 'old_pence', old_pence, 'new_pence', new_pence,
        'percent', percent, 'old_category', old_category, 'new_category', new_category, 'detail', detail)
      from candidates
      on conflict (user_id, change_key) do nothing
      returning user_id, kind, code, line, weekly_pending
    )
    ${insertedWithUsers}`);
  return result.rows;
}

/**
 * Records, once per user and change, the margin-check lines `checkMarginLines` found turned
 * loss-making (ADR 134) for the users of their licence who chose to hear of them and read the
 * edition they turned in. The key is the line, edition, month and new figure: the check itself finds
 * a turn once, and the key holds even if it were found again.
 */
async function recordMarginLosses(
  db: Database,
  part: PartId,
  turned: Awaited<ReturnType<typeof checkMarginLines>>,
  inBatch: InBatch,
): Promise<Inserted[]> {
  if (turned.length === 0) return [];
  const result = await db.execute<Inserted>(sql`
    with turned as (
      select * from jsonb_to_recordset(${JSON.stringify(turned)}::jsonb) as t("lineId" bigint,
        edition smallint, "licenceId" uuid, "uploadId" uuid, "fileName" text, product text,
        "costPence" integer, "beforePence" integer, "reimbursementPence" integer, period text)
    ),
    inserted as (
      insert into watchlist_alerts_sent (user_id, change_key, kind, code, weekly_pending, line)
      select u.id, concat_ws('|', 'margin', t."lineId", t.edition, t.period, t."reimbursementPence"), 'margin',
        t."lineId"::text, coalesce(pref.delivery, 'immediate') = 'weekly',
        jsonb_build_object('name', t.product, 'change', 'margin_loss', 'edition', t.edition, 'part', ${part}::text,
          'period', t.period || '-01', 'old_pence', t."beforePence", 'new_pence', t."reimbursementPence",
          'percent', null, 'old_category', null, 'new_category', null, 'detail', t."uploadId",
          'cost_pence', t."costPence", 'file_name', t."fileName")
      from turned t
      join profiles u on u.license_id = t."licenceId" and u.country = t.edition
      join watchlist_alert_preferences pref on pref.user_id = u.id and pref.margin_losses
      where u.is_subscribed and ${inBatch(sql`u.id`)}
      on conflict (user_id, change_key) do nothing
      returning user_id, kind, code, line, weekly_pending
    )
    ${insertedWithUsers}`);
  return result.rows;
}

/** How many digests are made and sent at once: enough to keep the CPU busy, few of the pool's connections. */
const digestsAtOnce = 4;

type AlertEmail = Omit<Parameters<typeof watchlistAlertEmail>[0], "firstName" | "unsubscribeUrl">;

const nameMark = "QQFIRSTNAMEQQ";
const linkMark = "QQUNSUBSCRIBEQQ";
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Rendering is most of an alert's cost, and the watchers of the same changes get the same e-mail
 * but for their name and unsubscribe link: each distinct e-mail is rendered once, with marks where
 * those go, and each watcher's copy made by putting theirs in (ADR 206). 500 watchers of one
 * concession cost one rendering, not 500.
 */
function sameEmailRenderedOnce(appUrl: string) {
  const renderings = new Map<string, ReturnType<typeof watchlistAlertEmail>>();
  const markedLink = `${appUrl}/unsubscribe-${linkMark}`;
  return async (email: AlertEmail, firstName: string | null, address: string) => {
    const key = JSON.stringify([email, firstName !== null]);
    let rendering = renderings.get(key);
    if (!rendering) {
      rendering = watchlistAlertEmail({
        ...email,
        firstName: firstName === null ? null : nameMark,
        unsubscribeUrl: markedLink,
      });
      renderings.set(key, rendering);
    }
    const content = await rendering;
    const link = unsubscribeUrlFor(address);
    const fill = (text: string, name: string, url: string) =>
      text.split(markedLink).join(url).split(nameMark).join(name);
    return {
      ...content,
      html: fill(content.html, escapeHtml(firstName ?? ""), escapeHtml(link)),
      text: fill(content.text, firstName ?? "", link),
    };
  };
}

/** One e-mail per user of their recorded changes, in name order; returns how many were sent. */
async function mailDigests(
  rows: Recorded[],
  about: (rows: Recorded[]) => { source: string; weekly: boolean; from?: string },
): Promise<number> {
  const byUser = new Map<string, Recorded[]>();
  for (const row of rows) {
    const theirs = byUser.get(row.user_id);
    if (theirs) theirs.push(row);
    else byUser.set(row.user_id, [row]);
  }
  const appUrl = getEnv().APP_URL;
  const rendered = sameEmailRenderedOnce(appUrl);
  // A few digests at once: one is rendered while others wait on the database or the mail server.
  const sent = await pMap(
    byUser.values(),
    async (alerts) => {
      alerts.sort((a, b) => a.line.name.localeCompare(b.line.name) || a.code.localeCompare(b.code));
      const first = alerts[0]!;
      const { source, weekly, from } = about(alerts);
      const inWords = (alert: Recorded): WatchlistAlertLine => ({
        name: alert.line.name,
        url:
          alert.kind === "margin"
            ? `${appUrl}${marginUploadPath(alert.line.detail ?? "")}`
            : `${appUrl}${productPaths[alert.kind]}/${alert.code}`,
        what: weekly
          ? `${partLabel(alert.line.part as PartId, alert.line.edition as Edition)}, ${monthLabel(alert.line.period.slice(0, 7))}: ${describe(alert.line)}`
          : describe(alert.line),
      });
      try {
        const email = {
          source,
          weekly,
          from,
          lines: alerts.filter((alert) => alert.kind !== "margin").map(inWords),
          losses: alerts.filter((alert) => alert.kind === "margin").map(inWords),
          watchlistsUrl: `${appUrl}${watchlistsPath}`,
        };
        const content = await rendered(email, first.first_name?.trim() || null, first.email);
        const result = await sendEmail({ to: first.email, ...content }, { essential: false });
        return result.status !== "skipped";
      } catch (error) {
        // Recorded but not delivered: at most once, never twice (ADR 057). The import itself stands.
        getLogger().error({ err: error, userId: first.user_id }, "watchlist alert failed");
        return false;
      }
    },
    { concurrency: digestsAtOnce },
  );
  return sent.filter(Boolean).length;
}

/**
 * The weekly digest (ADR 125): takes every change waiting for it, clearing the flag in the same
 * statement, so two runs at once or a run repeated never send a change twice. A change goes out only
 * if its user still has alerts on, is subscribed, and still watches the pack through a list they see
 * now (a user who left the licence of a shared list, or removed the pack, is not told).
 */
export async function sendWeeklyWatchlistDigests(
  db: Database,
  now = new Date(),
): Promise<{ emails: number; changes: number }> {
  const week = formatUkDate(now);
  return forEachUserBatch(db, async (inBatch) => {
    const taken = await db.execute<Recorded & { deliver: boolean }>(sql`
      with ${watchers}
      update watchlist_alerts_sent s set weekly_pending = false
      from profiles u
      where s.weekly_pending and u.id = s.user_id and ${inBatch(sql`s.user_id`)}
      returning s.user_id, u.email, u.first_name, s.kind, s.code, s.line,
        u.is_subscribed and case when s.kind = 'margin' then
            coalesce((select p.margin_losses from watchlist_alert_preferences p where p.user_id = s.user_id), false)
            and exists (select 1 from margin_uploads mu
              where mu.id::text = s.line->>'detail' and mu.license_id = u.license_id)
          else
            coalesce((select p.enabled from watchlist_alert_preferences p where p.user_id = s.user_id), true)
            and exists (select 1 from watchlist_items i join watchers wa on wa.watchlist_id = i.watchlist_id
              where i.kind = s.kind and i.code = s.code and wa.user_id = s.user_id)
          end as deliver`);
    const due = taken.rows.filter((row) => row.deliver && row.line);
    const emails = await mailDigests(due, () => ({ source: `the week to ${week}`, weekly: true }));
    return { emails, changes: due.length };
  });
}

/**
 * Announces every successful import not announced yet, oldest first, and marks each done. Imports
 * are made by the CLI, the sample data and the app alike; this runs in the app (the job below), where
 * e-mail can be rendered and sent, a minute or so after each import (ADR 057). The poller's own
 * imports are announced by the poller as one publication (`announceImports`); this takes one only if
 * it is still not announced ten minutes on.
 */
export async function sendPendingWatchlistAlerts(db: Database): Promise<{ imports: number; emails: number }> {
  const pending = await db.execute<{ id: number; edition: Edition; part: PartId; period: string }>(sql`
    select i.id, i.edition, i.part, i.period::text as period from imports i
    where i.outcome = 'imported' and i.period is not null and i.edition is not null
      and not exists (select 1 from watchlist_alert_imports a where a.import_id = i.id)
      and not (i.actor like 'poll:%' and i.finished_at > now() - interval '10 minutes')
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

/** A job on the queue (ADR 039) that runs `send` and logs what it did when it did anything. */
function sendingJob(
  name: string,
  schedule: string,
  send: (db: Database) => Promise<{ emails: number }>,
  minutes: number,
): Job {
  return {
    name,
    schedule,
    timeoutSeconds: minutes * 60,
    retries: { limit: 3, delaySeconds: 60 },
    run: async () => {
      const done = await send(getDb());
      if (Object.values(done).some((count) => count > 0)) getLogger().info(done, `${name} sent`);
    },
  };
}

/** The alerts run on the job queue: one process at a time announces the imports not yet announced. */
export const watchlistAlertsJob = (schedule: string): Job =>
  sendingJob("watchlist-alerts", schedule, sendPendingWatchlistAlerts, 10);

/** The weekly digest (ADR 125) runs on the queue as the alerts do: one process at a time sends it. */
export const watchlistDigestJob = (schedule: string): Job =>
  sendingJob("watchlist-weekly-digest", schedule, (db) => sendWeeklyWatchlistDigests(db), 30);
