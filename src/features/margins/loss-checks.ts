import "server-only";

import { sql, type SQL } from "drizzle-orm";

import type { Database } from "@/db/client";
import { periodToDate, type Edition } from "@/lib/tariff-vocabulary";

import { confidenceThreshold, maxMarginLines, turnedLoss } from "./margin";
import { packFigures, type PackFigure } from "./figures";

/** A saved line whose margin turned to a loss in an edition, with what it was checked against before. */
export type TurnedLoss = {
  lineId: number;
  edition: Edition;
  licenceId: string;
  uploadId: string;
  fileName: string;
  product: string;
  costPence: number;
  /** The last figure it was checked against: null when that check found none. */
  beforePence: number | null;
  reimbursementPence: number;
  /** `YYYY-MM`: the month of the new figure. */
  period: string;
};

type SavedLine = {
  id: number;
  license_id: string;
  upload_id: string;
  file_name: string;
  product: string;
  cost_pence: number;
  kind: string;
  code: string;
};

type Check = { line_id: number; edition: Edition; reimbursement_pence: number | null; period: string | null };

/**
 * Lines read and checked at a time: one batched reading of their packs per kind, one write. As many
 * as one upload may hold, so an upload's own check reads its packs' figures once.
 */
const chunk = maxMarginLines;
/** The editions a line is checked in: a licence's users may read either. */
export const checkedEditions = [1, 2] as const;
const editions = checkedEditions;

/**
 * Checks saved margin lines (all, or those `where` picks, over `margin_lines l`) against their packs'
 * reimbursement this month in each edition (not a line waiting for the user's check: its pack may
 * not be the one bought), records each new figure, and returns the lines that
 * turned loss-making since their last check (ADR 134). The recorded figures are read `for update`
 * and compared after the lock is held, so of two checks at once only the first sees the change: a
 * line turns once per change of its figure, and the same file imported again changes nothing.
 */
export async function checkMarginLines(
  db: Database,
  where: SQL = sql`true`,
  /** The packs' figures in both editions when the caller has read them already (`packFigures`). */
  known?: Map<string, PackFigure>,
): Promise<TurnedLoss[]> {
  const turned: TurnedLoss[] = [];
  for (let after = 0; ;) {
    const lines = (
      await db.execute<SavedLine>(sql`
        select l.id, u.license_id, u.id as upload_id, u.file_name, l.product, l.cost_pence, l.kind, l.code
        from margin_lines l join margin_uploads u on u.id = l.upload_id
        where l.id > ${after} and l.kind is not null and l.code is not null and ${where}
          and not (l.matched_by = 'name' and l.confidence < ${confidenceThreshold})
        order by l.id limit ${chunk}`)
    ).rows;
    if (lines.length === 0) return turned;
    for (const line of lines) line.id = Number(line.id);
    after = lines.at(-1)!.id;
    turned.push(...(await checkChunk(db, lines, known)));
    if (lines.length < chunk) return turned;
  }
}

async function checkChunk(
  db: Database,
  lines: SavedLine[],
  known?: Map<string, PackFigure>,
): Promise<TurnedLoss[]> {
  const figures = known ?? (await packFigures(lines, editions));
  return db.transaction(async (tx) => {
    const ids = JSON.stringify(lines.map((line) => line.id));
    const before = new Map(
      (
        await tx.execute<Check>(sql`
          select line_id, edition, reimbursement_pence, period::text from margin_line_checks
          where line_id in (select value::bigint from jsonb_array_elements_text(${ids}::jsonb))
          order by line_id, edition for update`)
      ).rows.map((check) => [`${Number(check.line_id)}:${check.edition}`, check]),
    );
    const changed: Check[] = [];
    const turned: TurnedLoss[] = [];
    for (const line of lines) {
      for (const edition of editions) {
        const figure = figures.get(`${edition}:${line.kind}:${line.code}`);
        const now = figure?.perPack ?? null;
        const period = figure && now !== null ? periodToDate(figure.period) : null;
        const last = before.get(`${line.id}:${edition}`);
        if (last && last.reimbursement_pence === now && last.period === period) continue;
        changed.push({ line_id: line.id, edition, reimbursement_pence: now, period });
        if (turnedLoss(line.cost_pence, last ? last.reimbursement_pence : undefined, now))
          turned.push({
            lineId: line.id,
            edition,
            licenceId: line.license_id,
            uploadId: line.upload_id,
            fileName: line.file_name,
            product: line.product,
            costPence: line.cost_pence,
            beforePence: last!.reimbursement_pence,
            reimbursementPence: now!,
            period: figure!.period,
          });
      }
    }
    if (changed.length > 0)
      await tx.execute(sql`
        insert into margin_line_checks (line_id, edition, reimbursement_pence, period)
        select line_id, edition, reimbursement_pence, period::date
        from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb)
          as x(line_id bigint, edition smallint, reimbursement_pence integer, period text)
        where exists (select 1 from margin_lines l where l.id = x.line_id)
        on conflict (line_id, edition) do update set reimbursement_pence = excluded.reimbursement_pence,
          period = excluded.period, checked_at = now()`);
    return turned;
  });
}
