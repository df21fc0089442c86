import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { getDb, type Database } from "@/db/client";
import { listsChanged } from "@/features/tariff/prepared-lists";
import { AppError } from "@/lib/errors";

import { checkReleaseSizes, extractDmdRelease, startsLikeZip } from "./dmd-archive";
import { BadFileError } from "./errors";
import { readLimits } from "./limits";
import { importFile, rejectFile, type ImportOutcome } from "./service";
import { megabytes } from "./source";
import { checkWorkbookSizes } from "./xlsx";

/**
 * Files uploaded in the import console (ADR 116): received to a private temporary folder, complete
 * or not at all, then imported exactly as `npm run import` would import them, with the same checks
 * (the importer's decompressed-size caps included). A `.zip` is taken as a dm+d release.
 */

/** The largest upload taken: a Part IX CSV is about 20 MB and a dm+d release zip some tens of MB. */
export const maxUploadBytes = 128 * 1024 * 1024;

/** What the console shows of an upload while it is imported, one JSON line each. */
export type UploadEvent =
  | { stage: "reading"; rows: number }
  | { stage: "saving"; rows: number }
  | { stage: "done"; outcome: ImportOutcome; durationMs: number };

/**
 * The name the file is imported under: the browser's file name, which the importer reads the part
 * and month from. Only a plain name of printable characters is taken, never a path.
 */
export function uploadFileName(header: string | null): string {
  let name = "";
  try {
    name = decodeURIComponent(header ?? "").trim();
  } catch {
    name = "";
  }
  if (
    !name ||
    name.length > 200 ||
    name === "." ||
    name === ".." ||
    /[/\\\u0000-\u001f\u007f]/.test(name) ||
    name.startsWith(".")
  ) {
    throw new AppError("validation", "The upload must name its file (X-File-Name), without a folder.", {
      fieldErrors: { fileName: ["a plain file name such as Part VIIIA Jan 26.csv"] },
    });
  }
  return name;
}

/**
 * Writes the request's body to `file`, refusing (413) a declared length over `maxBytes` before
 * reading anything and a body that grows past it, and refusing (400) one that ends short of the
 * length it declared, so nothing but a whole file is ever imported.
 */
export async function receiveUpload(
  body: ReadableStream<Uint8Array> | null,
  declaredLength: string | null,
  file: string,
  maxBytes: number = maxUploadBytes,
): Promise<number> {
  const declared = Number(declaredLength ?? Number.NaN);
  if (!declaredLength || !Number.isSafeInteger(declared) || declared < 0) {
    throw new AppError("validation", "The upload must state its length (Content-Length).");
  }
  if (declared > maxBytes) {
    throw new AppError("too_large", `The file is larger than the ${megabytes(maxBytes)} an upload may be.`);
  }
  if (declared === 0 || !body) throw new AppError("validation", "The file is empty.");
  const output = fs.createWriteStream(file, { flags: "wx", mode: 0o600 });
  const reader = body.getReader();
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes || received > declared) {
        await reader.cancel();
        throw new AppError(
          "too_large",
          `The file is larger than ${received > maxBytes ? `the ${megabytes(maxBytes)} an upload may be` : "it said"}.`,
        );
      }
      if (!output.write(value)) await new Promise<void>((resolve) => output.once("drain", () => resolve()));
    }
  } finally {
    await new Promise<void>((resolve, reject) =>
      output.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
  if (received !== declared) {
    throw new AppError(
      "validation",
      `The upload ended after ${received} of ${declared} bytes; nothing was imported. Please try again.`,
    );
  }
  return received;
}

/**
 * Refuses, before anything is imported, a workbook or dm+d release whose zip says it holds more than
 * its kind may (ADR 160); what only reading can show is refused by the import, naming the limit too.
 */
export async function checkUploadSizes(file: string): Promise<void> {
  if (!(await startsLikeZip(file))) return;
  if (/\.zip$/i.test(file)) await checkReleaseSizes(file);
  else await checkWorkbookSizes(file, path.basename(file), readLimits.tariff);
}

const folderPrefix = "tariffscope-upload-";
/** Longer than any upload takes to import: a folder this old was left by a process that was killed. */
const abandonedAfterMs = 6 * 60 * 60 * 1000;

/**
 * A private folder for one upload; `removeUploadFolder` deletes it and everything in it. Folders a
 * killed process left behind are removed on the way.
 */
export async function makeUploadFolder(): Promise<string> {
  const temporary = os.tmpdir();
  for (const name of await fs.promises.readdir(temporary).catch(() => [])) {
    if (!name.startsWith(folderPrefix)) continue;
    const folder = path.join(temporary, name);
    const stat = await fs.promises.stat(folder).catch(() => undefined);
    if (stat && Date.now() - stat.mtimeMs > abandonedAfterMs) await removeUploadFolder(folder);
  }
  return fs.promises.mkdtemp(path.join(temporary, folderPrefix));
}

export function removeUploadFolder(folder: string): Promise<void> {
  return fs.promises.rm(folder, { recursive: true, force: true });
}

/** Imports a received upload, telling `onEvent` how far it got. */
export async function importUpload(
  file: string,
  actor: string,
  onEvent: (event: UploadEvent) => void,
  db: Database = getDb(),
): Promise<ImportOutcome> {
  const started = Date.now();
  let rowsRead = 0;
  let target = file;
  if (/\.zip$/i.test(file)) {
    try {
      const release = path.join(path.dirname(file), path.basename(file).replace(/\.zip$/i, ""));
      target = await extractDmdRelease(file, release);
    } catch (error) {
      if (!(error instanceof BadFileError)) throw error;
      const outcome = await rejectFile(db, file, actor, error);
      onEvent({ stage: "done", outcome, durationMs: Date.now() - started });
      return outcome;
    }
  }
  const outcome = await importFile(db, target, {
    actor,
    onRows: (rows) => {
      rowsRead = rows;
      onEvent({ stage: "reading", rows });
    },
    onSaving: () => onEvent({ stage: "saving", rows: rowsRead }),
  });
  if (outcome.status === "imported") listsChanged();
  onEvent({ stage: "done", outcome, durationMs: Date.now() - started });
  return outcome;
}
