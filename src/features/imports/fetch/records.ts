import { and, eq, inArray } from "drizzle-orm";

import type { Database } from "@/db/client";
import { imports, tariffDatasets } from "@/db/schema";
import { periodToDate, type Edition, type PartId, type Period } from "@/lib/tariff-vocabulary";

import { dmdReleaseName } from "../service";
import { ofDataset } from "../write";

/** What the import records say about one part and month, as the fetchers need it. */
export type Known = {
  /** The month's data is loaded. */
  loaded: boolean;
  /** Names of files imported for it (or found to hold what was already loaded). */
  fileNames: Set<string>;
  /**
   * SHA-256 of the files that gave the data now loaded: the one imported last, and any found to hold
   * the same since. An earlier file's bytes coming back is a change, not a repeat.
   */
  sha256s: Set<string>;
};

const accepted = ["imported", "unchanged"];

export async function knownMonth(
  db: Database,
  edition: Edition,
  part: PartId,
  period: Period,
): Promise<Known> {
  const date = periodToDate(period);
  const [dataset] = await db
    .select({ importId: tariffDatasets.importId })
    .from(tariffDatasets)
    .where(ofDataset(tariffDatasets, edition, part, date));
  const records = await db
    .select({ id: imports.id, fileName: imports.fileName, sha256: imports.fileSha256 })
    .from(imports)
    .where(and(ofDataset(imports, edition, part, date), inArray(imports.outcome, accepted)));
  return {
    loaded: Boolean(dataset),
    fileNames: new Set(records.map((record) => record.fileName)),
    sha256s: new Set(
      records.flatMap((record) =>
        dataset && record.id >= dataset.importId && record.sha256 ? [record.sha256] : [],
      ),
    ),
  };
}

/** Whether a file with these bytes was imported before (or found to hold what was loaded). */
export async function seenFile(db: Database, sha256: string): Promise<boolean> {
  const [record] = await db
    .select({ id: imports.id })
    .from(imports)
    .where(and(eq(imports.fileSha256, sha256), inArray(imports.outcome, accepted)))
    .limit(1);
  return Boolean(record);
}

/** Whether the dm+d release in folder `folderName` was imported before (or found to hold what was loaded). */
export async function seenRelease(db: Database, folderName: string): Promise<boolean> {
  const [record] = await db
    .select({ id: imports.id })
    .from(imports)
    .where(and(eq(imports.fileName, dmdReleaseName(folderName)), inArray(imports.outcome, accepted)))
    .limit(1);
  return Boolean(record);
}
