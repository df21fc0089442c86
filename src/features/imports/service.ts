import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { eq, sql } from "drizzle-orm";

import type { Database, Transaction } from "@/db/client";
import { imports, tariffDatasets } from "@/db/schema";
import { derivedTablesOf, refreshDerivedData } from "@/features/insights/derive";
import { discountColumns } from "@/features/tariff/discounts";
import { partTables } from "@/lib/part-tables";
import {
  editionCodes,
  monthLabel,
  partLabel,
  periodToDate,
  type Edition,
  type PartId,
  type Period,
} from "@/lib/tariff-vocabulary";

import { BadFileError } from "./errors";
import { dmdMembers, isDmdFile } from "./parsers/dmd";
import { readImportFile } from "./read-file";
import type { Dataset, OnRows, Overrides, ParsedFile } from "./types";
import { deleteDataset, insertDataset, ofDataset } from "./write";

export type ImportStatus = "imported" | "unchanged" | "rejected";

/** One line of `npm run import -- --json`, and what the summary table shows. */
export type ImportOutcome = {
  file: string;
  edition: "ew" | "ni" | null;
  part: PartId | null;
  period: Period | null;
  rows: number | null;
  status: ImportStatus;
  message: string;
};

export type ImportOptions = {
  overrides?: Overrides;
  /** Who or what asked: `cli:<user>`, `sample-data`, … */
  actor: string;
  onRows?: OnRows;
  /** Called when reading is done and the database work starts. */
  onSaving?: () => void;
};

/** Imports never run side by side: one (edition, part, period) must not be replaced by two at once. */
const importLock = 4_206_114;

/** The SHA-256 of a file's bytes, and its size; for a dm+d release, of all its member files. */
async function fingerprint(file: string): Promise<{ sha256: string; bytes: number } | undefined> {
  const files = isDmdFile(file) ? [...dmdMembers(path.dirname(file)).values()] : [file];
  const hash = createHash("sha256");
  let bytes = 0;
  try {
    for (const member of files) {
      for await (const chunk of fs.createReadStream(member) as AsyncIterable<Buffer>) {
        hash.update(chunk);
        bytes += chunk.length;
      }
    }
  } catch {
    return undefined;
  }
  return { sha256: hash.digest("hex"), bytes };
}

/**
 * The content of a dataset, independent of the layout it came in: the same rows from a raw CSV, an
 * XLSX or a processed copy hash the same, so re-sending them is recognised as no change.
 */
function contentHash(part: PartId, edition: Edition, dataset: Dataset): string {
  // Row by row: one string of 66,000 Part IX rows would cost some 70 MB for a moment.
  const hash = createHash("sha256").update(JSON.stringify([part, edition, dataset.period]));
  for (const row of dataset.rows) hash.update(JSON.stringify(row));
  return hash.digest("hex");
}

/** The name a dm+d release is known by in records and output: its folder's. */
export function dmdReleaseName(folderName: string): string {
  return `${folderName}/ (dm+d release)`;
}

/** The name a file is known by in records and output; a dm+d release by its folder. */
export function displayName(file: string): string {
  return isDmdFile(file) ? dmdReleaseName(path.basename(path.dirname(file))) : path.basename(file);
}

function plural(count: number, word: string): string {
  return `${count.toLocaleString("en-GB")} ${word}${count === 1 ? "" : "s"}`;
}

async function record(db: Database | Transaction, values: typeof imports.$inferInsert): Promise<number> {
  const [row] = await db
    .insert(imports)
    .values({ ...values, finishedAt: new Date() })
    .returning({ id: imports.id });
  return row!.id;
}

async function writeDatasets(
  tx: Transaction,
  parsed: ParsedFile,
  hashes: Map<Period, string>,
  base: Omit<typeof imports.$inferInsert, "outcome">,
): Promise<{ outcome: ImportStatus; message: string }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${importLock})`);
  const { part, edition } = parsed;
  const periods = parsed.datasets.map((dataset) => periodToDate(dataset.period));
  const existing = await tx
    .select({ period: tariffDatasets.period, hash: tariffDatasets.contentSha256 })
    .from(tariffDatasets)
    .where(ofDataset(tariffDatasets, edition, part, periods));
  const loaded = new Map(existing.map((row) => [row.period.slice(0, 7), row.hash]));
  const changed = parsed.datasets.filter(
    (dataset) => loaded.get(dataset.period) !== hashes.get(dataset.period),
  );
  const label = partLabel(part, edition);
  const when = (list: Dataset[]) => list.map((dataset) => monthLabel(dataset.period)).join(", ");

  if (changed.length === 0) {
    const message = `${label} for ${when(parsed.datasets)} is already loaded with the same content; nothing changed`;
    await record(tx, { ...base, outcome: "unchanged", message });
    return { outcome: "unchanged", message };
  }

  const importId = await record(tx, { ...base, outcome: "imported", message: null });
  const table = partTables[part];
  for (const dataset of changed) {
    await deleteDataset(tx, table, edition, dataset.period);
    const discounts = await discountColumns(tx, part, edition, dataset.period);
    await insertDataset(tx, table, edition, dataset.period, dataset.rows, discounts);
    const values = {
      edition,
      part,
      period: periodToDate(dataset.period),
      contentSha256: hashes.get(dataset.period)!,
      rows: dataset.rows.length,
      importId,
    };
    await tx
      .insert(tariffDatasets)
      .values(values)
      .onConflictDoUpdate({
        target: [tariffDatasets.edition, tariffDatasets.part, tariffDatasets.period],
        set: { contentSha256: values.contentSha256, rows: values.rows, importId, importedAt: new Date() },
      });
  }
  const refreshed = await refreshDerivedData(tx, {
    part,
    edition,
    periods: changed.map((dataset) => dataset.period),
    importId,
    hashes,
  });

  const replaced = changed.filter((dataset) => loaded.has(dataset.period));
  const parts = [
    `${label}: ${plural(
      changed.reduce((sum, dataset) => sum + dataset.rows.length, 0),
      "row",
    )} stored for ${when(changed)}`,
  ];
  if (replaced.length > 0) parts.push(`replaced the earlier data for ${when(replaced)}`);
  const unchanged = parsed.datasets.filter((dataset) => !changed.includes(dataset));
  if (unchanged.length > 0) parts.push(`${when(unchanged)} unchanged`);
  if (refreshed.unmatchedConcessions.length > 0) {
    const shown = refreshed.unmatchedConcessions.slice(0, 3).join("; ");
    const more = refreshed.unmatchedConcessions.length > 3 ? "; …" : "";
    parts.push(
      `${plural(refreshed.unmatchedConcessions.length, "line")} matched no Part VIIIA pack, kept for review: ${shown}${more}`,
    );
  }
  parts.push(...parsed.notes);
  const message = parts.join("; ");
  await tx.update(imports).set({ message, finishedAt: new Date() }).where(eq(imports.id, importId));
  return { outcome: "imported", message };
}

/**
 * Imports one file: reads and checks all of it first, then replaces each (edition, part, period) it
 * holds in one transaction with the derived data of those periods. Identical content is reported
 * `unchanged` and changes nothing; a file that cannot be read is `rejected` and changes nothing.
 * Every outcome is recorded in `imports`.
 */
async function describeFile(file: string, actor: string, startedAt: Date) {
  const print = await fingerprint(file);
  return {
    actor,
    fileName: displayName(file),
    fileSha256: print?.sha256 ?? null,
    fileBytes: print?.bytes ?? null,
    startedAt,
  };
}

async function recordRejection(
  db: Database,
  base: Awaited<ReturnType<typeof describeFile>>,
  error: BadFileError,
): Promise<ImportOutcome> {
  await record(db, { ...base, outcome: "rejected", message: error.message });
  return {
    file: base.fileName,
    edition: null,
    part: null,
    period: null,
    rows: null,
    status: "rejected",
    message: error.message,
  };
}

/**
 * Records a file refused before the importer could read it (a zip that holds no dm+d release, say)
 * as `importFile` records a file it refuses.
 */
export async function rejectFile(
  db: Database,
  file: string,
  actor: string,
  error: BadFileError,
): Promise<ImportOutcome> {
  return recordRejection(db, await describeFile(file, actor, new Date()), error);
}

export async function importFile(db: Database, file: string, options: ImportOptions): Promise<ImportOutcome> {
  const startedAt = new Date();
  const base = await describeFile(file, options.actor, startedAt);
  const name = base.fileName;
  let parsed: ParsedFile;
  try {
    parsed = await readImportFile(file, options.overrides ?? {}, options.onRows ?? (() => {}));
  } catch (error) {
    if (!(error instanceof BadFileError)) throw error;
    return recordRejection(db, base, error);
  }

  const hashes = new Map(
    parsed.datasets.map((dataset) => [dataset.period, contentHash(parsed.part, parsed.edition, dataset)]),
  );
  const latest =
    parsed.datasets
      .map((dataset) => dataset.period)
      .sort()
      .at(-1) ?? null;
  const described = {
    ...base,
    part: parsed.part,
    edition: parsed.edition,
    period: latest ? periodToDate(latest) : null,
    rows: parsed.rowsRead,
  };
  options.onSaving?.();
  let result: { outcome: ImportStatus; message: string };
  try {
    result = await db.transaction((tx) => writeDatasets(tx, parsed, hashes, described));
  } catch (error) {
    // The transaction rolled back, so nothing changed; say so, if the database still answers.
    // Drizzle wraps the database's own error, which is the useful part, and repeats the whole query.
    const cause = ((error as Error).cause as Error | undefined) ?? (error as Error);
    const message = `could not be saved, nothing was changed: ${cause.message}`;
    await record(db, { ...described, outcome: "rejected", message }).catch(() => {
      throw error;
    });
    result = { outcome: "rejected", message };
  }
  if (result.outcome === "imported") {
    // The planner's statistics learn of the new month now, not when autovacuum next gets to it:
    // until then it takes the month for empty and reads it whole where it should look packs up.
    // So do the tables derived from it (the month's changes, which insights and watchlists look up).
    for (const table of [partTables[parsed.part], ...derivedTablesOf(parsed.part)])
      await db.execute(sql`analyze ${table}`);
  }
  return {
    file: name,
    edition: editionCodes[parsed.edition],
    part: parsed.part,
    period: latest,
    rows: parsed.rowsRead,
    status: result.outcome,
    message: result.message,
  };
}
