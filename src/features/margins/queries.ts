import "server-only";

import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { marginCorrections, marginLineChecks, marginLines, marginMappings, marginUploads } from "@/db/schema";
import type { Row } from "@/features/imports/rows";
import { dataVersion } from "@/features/tariff/data-version-cache";
import { listDefinition } from "@/features/tariff/list-definitions";
import { resolveListView } from "@/features/tariff/list-view";
import type { ListId } from "@/features/tariff/lists";
import { normaliseTerm } from "@/features/tariff/matcher";
import { productPaths } from "@/features/tariff/product-metadata";
import { AppError } from "@/lib/errors";
import type { Edition } from "@/lib/tariff-vocabulary";

import { packFigures } from "./figures";
import { checkMarginLines } from "./loss-checks";
import {
  mapRows,
  marginOf,
  marginTotals,
  nameConfidence,
  type Margin,
  type MarginMapping,
  type MarginProblem,
  type MarginTotals,
} from "./margin";

export type PackKind = "drug" | "appliance" | "brand";

/** The lists a line is looked for in, in this order, and the kind of pack each lists. */
const searched: { list: ListId; kind: PackKind }[] = [
  { list: "partviiia", kind: "drug" },
  { list: "partix", kind: "appliance" },
  { list: "brands", kind: "brand" },
];

/** Who the margin check works for: the session's licence, never one the browser names. */
export type MarginOwner = { licenseId: string; userId: string; edition: Edition };

/** The licence's remembered mapping, if any. */
export async function rememberedMapping(licenseId: string): Promise<MarginMapping | null> {
  const [row] = await getDb()
    .select({ mapping: marginMappings.mapping })
    .from(marginMappings)
    .where(eq(marginMappings.licenseId, licenseId));
  return row?.mapping ?? null;
}

type Matched = { kind: PackKind | null; code: string | null; confidence: number; matchedBy: string };

/** The pack a code names, through the lists' own search (its exact-code tier). */
async function packOfCode(edition: Edition, code: string, periods: Map<ListId, string | null>) {
  for (const { list, kind } of searched) {
    const period = periods.get(list);
    const search = listDefinition(list, edition).search;
    if (!period || !search) continue;
    const { hits } = await search(period, { searchTerm: code }, 1);
    const hit = hits[0];
    if (hit?.code && hit.code.toUpperCase() === code.toUpperCase()) return { kind, code: hit.code };
  }
  return null;
}

/** The month in force of each searched list for the edition. */
async function periodsInForce(edition: Edition): Promise<Map<ListId, string | null>> {
  const version = await dataVersion();
  const views = await Promise.all(
    searched.map(
      async ({ list }) =>
        [list, (await resolveListView(list, edition, {}, undefined, version)).choice.period] as const,
    ),
  );
  return new Map(views);
}

/**
 * Each product text matched to a pack: the licence's correction first, then a code exactly, then
 * the name through the global search's matcher (each list's `search`, ADR 050), best result kept.
 */
async function matchProducts(owner: MarginOwner, products: string[]): Promise<Map<string, Matched>> {
  const keys = [...new Set(products.map((product) => normaliseTerm(product)))];
  const corrections = keys.length
    ? await getDb()
        .select()
        .from(marginCorrections)
        .where(
          and(eq(marginCorrections.licenseId, owner.licenseId), inArray(marginCorrections.productKey, keys)),
        )
    : [];
  const corrected = new Map(corrections.map((row) => [row.productKey, row]));
  const periods = await periodsInForce(owner.edition);
  const found = new Map<string, Matched>();
  for (const product of new Set(products)) {
    const key = normaliseTerm(product);
    const correction = corrected.get(key);
    if (correction) {
      found.set(product, {
        kind: correction.kind as PackKind,
        code: correction.code,
        confidence: 100,
        matchedBy: "correction",
      });
      continue;
    }
    if (/^[0-9A-Za-z]{6,18}$/.test(product) && /\d/.test(product)) {
      const pack = await packOfCode(owner.edition, product, periods);
      if (pack) {
        found.set(product, { ...pack, confidence: 100, matchedBy: "code" });
        continue;
      }
    }
    let best: Matched = { kind: null, code: null, confidence: 0, matchedBy: "none" };
    for (const { list, kind } of searched) {
      const period = periods.get(list);
      const search = listDefinition(list, owner.edition).search;
      if (!period || !search || key.length < 2) continue;
      const { hits } = await search(period, { searchTerm: product }, 1);
      const hit = hits[0];
      if (!hit?.code) continue;
      const confidence = nameConfidence(key, normaliseTerm(hit.name));
      if (confidence > best.confidence) best = { kind, code: hit.code, confidence, matchedBy: "name" };
    }
    found.set(product, best);
  }
  return found;
}

export type SavedUpload = { id: string; lines: number; problems: MarginProblem[] };

/**
 * Maps, matches and saves an upload for the licence, remembering the mapping. Bad rows become
 * messages beside the good lines; an upload with no good line is refused with those messages.
 */
export async function saveUpload(
  owner: MarginOwner,
  fileName: string,
  table: Row[],
  mapping: MarginMapping,
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
  const matched = await matchProducts(
    owner,
    lines.map((line) => line.product),
  );
  const db = getDb();
  const saved = await db.transaction(async (tx) => {
    await tx
      .insert(marginMappings)
      .values({ licenseId: owner.licenseId, mapping })
      .onConflictDoUpdate({ target: marginMappings.licenseId, set: { mapping, updatedAt: new Date() } });
    const [upload] = await tx
      .insert(marginUploads)
      .values({
        licenseId: owner.licenseId,
        uploadedBy: owner.userId,
        fileName: fileName.slice(0, 200) || "Pasted rows",
        problems: problems.slice(0, 1000),
      })
      .returning({ id: marginUploads.id });
    for (let start = 0; start < lines.length; start += 1000) {
      await tx.insert(marginLines).values(
        lines.slice(start, start + 1000).map((line) => ({
          uploadId: upload!.id,
          rowNumber: line.row,
          product: line.product,
          packSize: line.packSize,
          costPence: line.costPence,
          ...matched.get(line.product)!,
        })),
      );
    }
    return { id: upload!.id, lines: lines.length, problems };
  });
  // Where each line stands now, so an import later tells of the lines it turns loss-making.
  await checkMarginLines(db, sql`l.upload_id = ${saved.id}`);
  return saved;
}

export type UploadSummary = { id: string; fileName: string; createdAt: Date };

/** The licence's uploads, the newest first. */
export async function listUploads(licenseId: string): Promise<UploadSummary[]> {
  return getDb()
    .select({ id: marginUploads.id, fileName: marginUploads.fileName, createdAt: marginUploads.createdAt })
    .from(marginUploads)
    .where(eq(marginUploads.licenseId, licenseId))
    .orderBy(desc(marginUploads.createdAt))
    .limit(50);
}

export type MarginResultLine = {
  id: number;
  row: number;
  product: string;
  packSize: string | null;
  costPence: number;
  kind: PackKind | null;
  code: string | null;
  matchName: string | null;
  href: string | null;
  confidence: number;
  matchedBy: string;
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
    .where(and(eq(marginUploads.id, uploadId), eq(marginUploads.licenseId, owner.licenseId)));
  if (!upload) return null;
  const rows = await db
    .select()
    .from(marginLines)
    .where(eq(marginLines.uploadId, upload.id))
    .orderBy(asc(marginLines.rowNumber));
  const packs = await packFigures(rows, [owner.edition]);
  const names = await packNames(owner.edition, rows);
  const lines = rows.map((row): MarginResultLine => {
    const pack = row.kind && row.code ? packs.get(`${owner.edition}:${row.kind}:${row.code}`) : undefined;
    const reimbursementPence = pack?.perPack ?? null;
    return {
      id: row.id,
      row: row.rowNumber,
      product: row.product,
      packSize: row.packSize,
      costPence: row.costPence,
      kind: row.kind as PackKind | null,
      code: row.code,
      matchName: row.kind && row.code ? (names.get(`${row.kind}:${row.code}`) ?? row.code) : null,
      href: row.kind && row.code ? `${productPaths[row.kind as PackKind]}/${row.code}` : null,
      confidence: row.confidence,
      matchedBy: row.matchedBy,
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

/** The names of the matched packs, as their lists' search shows them. */
async function packNames(edition: Edition, rows: { kind: string | null; code: string | null }[]) {
  const periods = await periodsInForce(edition);
  const names = new Map<string, string>();
  for (const row of rows) {
    if (!row.kind || !row.code || names.has(`${row.kind}:${row.code}`)) continue;
    const list = searched.find((entry) => entry.kind === row.kind)!.list;
    const period = periods.get(list);
    const search = listDefinition(list, edition).search;
    if (!period || !search) continue;
    const { hits } = await search(period, { searchTerm: row.code }, 1);
    if (hits[0]?.code === row.code) names.set(`${row.kind}:${row.code}`, hits[0].name);
  }
  return names;
}

/**
 * Corrects a line of the licence's upload to the pack a code names, and remembers it for the
 * licence: later uploads match the same product text to it first. Another licence's line is not
 * found (404), whatever its id.
 */
export async function correctMatch(owner: MarginOwner, lineId: number, code: string) {
  const db = getDb();
  const [line] = await db
    .select({ id: marginLines.id, uploadId: marginLines.uploadId, product: marginLines.product })
    .from(marginLines)
    .innerJoin(marginUploads, eq(marginUploads.id, marginLines.uploadId))
    .where(and(eq(marginLines.id, lineId), eq(marginUploads.licenseId, owner.licenseId)));
  if (!line) throw new AppError("not_found", "That line could not be found.");
  const pack = await packOfCode(owner.edition, code.trim(), await periodsInForce(owner.edition));
  if (!pack) throw new AppError("validation", `No pack has the code ${code.trim().slice(0, 20)} this month.`);
  const productKey = normaliseTerm(line.product);
  await db.transaction(async (tx) => {
    await tx
      .insert(marginCorrections)
      .values({
        licenseId: owner.licenseId,
        productKey,
        kind: pack.kind,
        code: pack.code,
        correctedBy: owner.userId,
      })
      .onConflictDoUpdate({
        target: [marginCorrections.licenseId, marginCorrections.productKey],
        set: { kind: pack.kind, code: pack.code, correctedBy: owner.userId, updatedAt: new Date() },
      });
    const corrected = await tx
      .update(marginLines)
      .set({ kind: pack.kind, code: pack.code, confidence: 100, matchedBy: "correction" })
      .where(and(eq(marginLines.uploadId, line.uploadId), eq(marginLines.product, line.product)))
      .returning({ id: marginLines.id });
    // Another pack is no turn of the old one's margin: its lines start again from where they stand.
    await tx.delete(marginLineChecks).where(
      inArray(
        marginLineChecks.lineId,
        corrected.map((row) => row.id),
      ),
    );
  });
  await checkMarginLines(db, sql`l.upload_id = ${line.uploadId} and l.product = ${line.product}`);
  return { uploadId: line.uploadId, ...pack };
}
