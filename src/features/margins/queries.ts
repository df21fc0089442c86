import "server-only";

import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { marginCorrections, marginLineChecks, marginLines, marginMappings, marginUploads } from "@/db/schema";
import type { Row } from "@/features/imports/rows";
import { productPaths } from "@/features/tariff/product-metadata";
import { AppError } from "@/lib/errors";
import type { Edition } from "@/lib/tariff-vocabulary";

import { packFigures } from "./figures";
import { admitUpload, assertRoomToKeep, marginLimits, type MarginLimits } from "./limits";
import { checkedEditions, checkMarginLines } from "./loss-checks";
import {
  mapRows,
  marginOf,
  marginTotals,
  needsChecking,
  type Margin,
  type MarginMapping,
  type MarginProblem,
  type MarginTotals,
} from "./margin";
import {
  correctionKey,
  describePacks,
  matchLines,
  packOfCode,
  type LineMatch,
  type PackKind,
} from "./matching";

export type { PackKind } from "./matching";

/** Who the margin check works for: the session's licence, never one the browser names. */
export type MarginOwner = { licenceId: string; userId: string; edition: Edition };

/** The licence's remembered mapping, if any (one remembered before a code column had none). */
export async function rememberedMapping(licenceId: string): Promise<MarginMapping | null> {
  const [row] = await getDb()
    .select({ mapping: marginMappings.mapping })
    .from(marginMappings)
    .where(eq(marginMappings.licenceId, licenceId));
  return row ? { code: null, ...row.mapping } : null;
}

export type SavedUpload = { id: string; lines: number; problems: MarginProblem[] };

/**
 * Maps, matches and saves an upload for the licence, remembering the mapping. Bad rows become
 * messages beside the good lines; an upload with no good line is refused with those messages, and
 * one the limits leave no room for (ADR 166) with a 429 before anything is matched.
 */
export async function saveUpload(
  owner: MarginOwner,
  fileName: string,
  table: Row[],
  mapping: MarginMapping,
  limits: MarginLimits = marginLimits(),
): Promise<SavedUpload> {
  const { lines, problems } = mapRows(table, mapping);
  if (lines.length === 0)
    throw new AppError(
      "validation",
      problems
        .slice(0, 5)
        .map((problem) => problem.message)
        .join(" ") || "The file has no lines.",
    );
  await admitUpload(owner, lines.length, limits);
  const matched = await matchLines(owner, lines);
  // Read while the lines are written: where each line stands now, for the check below.
  const figures = packFigures(matched, checkedEditions);
  figures.catch(() => {});
  const db = getDb();
  const saved = await db.transaction(async (tx) => {
    await assertRoomToKeep(tx, owner, limits);
    await tx
      .insert(marginMappings)
      .values({ licenceId: owner.licenceId, mapping })
      .onConflictDoUpdate({ target: marginMappings.licenceId, set: { mapping, updatedAt: new Date() } });
    const [upload] = await tx
      .insert(marginUploads)
      .values({
        licenceId: owner.licenceId,
        uploadedBy: owner.userId,
        fileName: fileName.slice(0, 200) || "Pasted rows",
        problems: problems.slice(0, 1000),
      })
      .returning({ id: marginUploads.id });
    // A batch of lines as one JSON parameter: far cheaper to send than ten parameters a line.
    for (let start = 0; start < lines.length; start += 5000) {
      const batch = lines.slice(start, start + 5000).map((line, at) => ({
        row_number: line.row,
        product: line.product,
        product_code: line.code,
        pack_size: line.packSize,
        cost_pence: line.costPence,
        ...snakeCase(matched[start + at]!),
      }));
      await tx.execute(sql`
        insert into margin_lines (upload_id, row_number, product, product_code, pack_size, cost_pence,
          kind, code, confidence, matched_by, note)
        select ${upload!.id}::uuid, x.* from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(
          row_number integer, product text, product_code text, pack_size text, cost_pence integer,
          kind text, code text, confidence smallint, matched_by text, note text)`);
    }
    return { id: upload!.id, lines: lines.length, problems };
  });
  // Where each line stands now, so an import later tells of the lines it turns loss-making.
  await checkMarginLines(db, sql`l.upload_id = ${saved.id}`, await figures);
  return saved;
}

const snakeCase = ({ matchedBy, ...match }: LineMatch) => ({ ...match, matched_by: matchedBy });

export type UploadSummary = { id: string; fileName: string; createdAt: Date };

/** The licence's uploads, the newest first. */
export async function listUploads(licenceId: string): Promise<UploadSummary[]> {
  return getDb()
    .select({ id: marginUploads.id, fileName: marginUploads.fileName, createdAt: marginUploads.createdAt })
    .from(marginUploads)
    .where(eq(marginUploads.licenceId, licenceId))
    .orderBy(desc(marginUploads.createdAt));
}

export type MarginResultLine = {
  id: number;
  row: number;
  product: string;
  productCode: string | null;
  packSize: string | null;
  costPence: number;
  kind: PackKind | null;
  code: string | null;
  matchName: string | null;
  href: string | null;
  confidence: number;
  matchedBy: string;
  /** Why the line's product has no pack of its size, or its code names none. */
  note: string | null;
  /** Matched by name below the confidence threshold: out of the totals until confirmed or corrected. */
  needsChecking: boolean;
  reimbursementPence: number | null;
  explanation: string | null;
  margin: Margin | null;
};

export type MarginResult = {
  id: string;
  fileName: string;
  createdAt: Date;
  period: string | null;
  problems: MarginProblem[];
  lines: MarginResultLine[];
  totals: MarginTotals;
};

/**
 * An upload of the licence with each line's reimbursement this month for the edition, worked out
 * now (so a new month or concession counts at once); null for another licence's upload.
 */
export async function getUpload(owner: MarginOwner, uploadId: string): Promise<MarginResult | null> {
  if (!/^[0-9a-f-]{36}$/i.test(uploadId)) return null;
  const db = getDb();
  const [upload] = await db
    .select()
    .from(marginUploads)
    .where(and(eq(marginUploads.id, uploadId), eq(marginUploads.licenceId, owner.licenceId)));
  if (!upload) return null;
  const rows = await db
    .select()
    .from(marginLines)
    .where(eq(marginLines.uploadId, upload.id))
    .orderBy(asc(marginLines.rowNumber));
  const [packs, names] = await Promise.all([
    packFigures(rows, [owner.edition]),
    describePacks(owner.edition, rows),
  ]);
  const lines = rows.map((row): MarginResultLine => {
    const matched = row.kind && row.code ? `${row.kind}:${row.code}` : null;
    const pack = matched ? packs.get(`${owner.edition}:${matched}`) : undefined;
    const reimbursementPence = pack?.perPack ?? null;
    return {
      id: row.id,
      row: row.rowNumber,
      product: row.product,
      productCode: row.productCode,
      packSize: row.packSize,
      costPence: row.costPence,
      kind: row.kind as PackKind | null,
      code: row.code,
      matchName: matched ? (names.get(matched) ?? row.code) : null,
      href: matched ? `${productPaths[row.kind as PackKind]}/${row.code}` : null,
      confidence: row.confidence,
      matchedBy: row.matchedBy,
      note: row.note,
      needsChecking: needsChecking(row),
      reimbursementPence,
      explanation: pack?.explanation ?? null,
      margin: marginOf(row.costPence, reimbursementPence),
    };
  });
  const period =
    [...packs.values()]
      .map((pack) => pack.period)
      .filter(Boolean)
      .sort()
      .at(-1) ?? null;
  return {
    id: upload.id,
    fileName: upload.fileName,
    createdAt: upload.createdAt,
    period,
    problems: upload.problems,
    lines,
    totals: marginTotals(lines),
  };
}

/** A line of the licence's upload, by its id; another licence's line is not found (404). */
async function lineOfLicence(owner: MarginOwner, lineId: number) {
  const [line] = await getDb()
    .select({
      id: marginLines.id,
      uploadId: marginLines.uploadId,
      product: marginLines.product,
      productCode: marginLines.productCode,
      packSize: marginLines.packSize,
      kind: marginLines.kind,
      code: marginLines.code,
      confidence: marginLines.confidence,
      matchedBy: marginLines.matchedBy,
    })
    .from(marginLines)
    .innerJoin(marginUploads, eq(marginUploads.id, marginLines.uploadId))
    .where(and(eq(marginLines.id, lineId), eq(marginUploads.licenceId, owner.licenceId)));
  if (!line) throw new AppError("not_found", "That line could not be found.");
  return line;
}

/**
 * Sets a line, and every line of its upload with the same product text and pack size, to a pack,
 * and remembers that for the licence: later uploads match the same text and size to it first.
 */
async function settleLines(
  owner: MarginOwner,
  line: Awaited<ReturnType<typeof lineOfLicence>>,
  pack: { kind: PackKind; code: string },
  matchedBy: "correction" | "confirmed",
) {
  const db = getDb();
  const name = line.product === line.productCode ? null : line.product;
  const productKey = correctionKey({ name, code: line.productCode, packSize: line.packSize });
  const sameText = and(
    eq(marginLines.uploadId, line.uploadId),
    eq(marginLines.product, line.product),
    sql`${marginLines.packSize} is not distinct from ${line.packSize}`,
  );
  await db.transaction(async (tx) => {
    await tx
      .insert(marginCorrections)
      .values({ licenceId: owner.licenceId, productKey, ...pack, correctedBy: owner.userId })
      .onConflictDoUpdate({
        target: [marginCorrections.licenceId, marginCorrections.productKey],
        set: { ...pack, correctedBy: owner.userId, updatedAt: new Date() },
      });
    const settled = await tx
      .update(marginLines)
      .set({ ...pack, confidence: 100, matchedBy, note: null })
      .where(sameText)
      .returning({ id: marginLines.id });
    // Another pack is no turn of the old one's margin: its lines start again from where they stand.
    await tx.delete(marginLineChecks).where(
      inArray(
        marginLineChecks.lineId,
        settled.map((row) => row.id),
      ),
    );
  });
  await checkMarginLines(
    db,
    sql`l.upload_id = ${line.uploadId} and l.product = ${line.product} and l.pack_size is not distinct from ${line.packSize}`,
  );
  return { uploadId: line.uploadId, ...pack };
}

/**
 * Corrects a line of the licence's upload to the pack a code names, and remembers it for the
 * licence. Another licence's line is not found (404), whatever its id.
 */
export async function correctMatch(owner: MarginOwner, lineId: number, code: string) {
  const line = await lineOfLicence(owner, lineId);
  const pack = await packOfCode(owner.edition, code.trim());
  if (!pack) throw new AppError("validation", `No pack has the code ${code.trim().slice(0, 20)} this month.`);
  return settleLines(owner, line, pack, "correction");
}

/**
 * Confirms the pack a line waiting to be checked was matched to: it counts from now on, and the
 * licence's later uploads match the same text and size to it. Only such a line can be confirmed.
 */
export async function confirmMatch(owner: MarginOwner, lineId: number) {
  const line = await lineOfLicence(owner, lineId);
  if (!needsChecking(line) || !line.kind || !line.code)
    throw new AppError("validation", "Only a line waiting to be checked, with a pack, can be confirmed.");
  return settleLines(owner, line, { kind: line.kind as PackKind, code: line.code }, "confirmed");
}

/** Deletes an upload of the licence and its lines; another licence's upload is not found (404). */
export async function deleteUpload(owner: MarginOwner, uploadId: string): Promise<void> {
  const deleted = await getDb()
    .delete(marginUploads)
    .where(and(eq(marginUploads.id, uploadId), eq(marginUploads.licenceId, owner.licenceId)))
    .returning({ id: marginUploads.id });
  if (deleted.length === 0) throw new AppError("not_found", "That upload could not be found.");
}
