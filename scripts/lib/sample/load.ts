import type { Database } from "@/db/client";
import { currentPeriod, type Period } from "@/lib/tariff-vocabulary";

import { hasTariffData, type FirstLoad } from "@/features/imports/first-load";
import { expandFiles, runImports } from "@/features/imports/run";
import { generateSample, type SampleScale } from "./generate";

/** The seed of the sample everyone gets: change it and every sample file changes. */
export const sampleSeed = 20_240_904;

/**
 * Writes the sample files and imports them through the same importer as real files, reporting
 * progress every few files. Returns what was loaded; a rejected sample file is a bug, so callers
 * should say so loudly.
 */
export async function loadSampleData(
  db: Database,
  options: {
    folder: string;
    to?: Period;
    months?: number;
    seed?: number;
    scale?: SampleScale;
    log: (message: string) => void;
  },
): Promise<FirstLoad> {
  const started = Date.now();
  const to = options.to ?? currentPeriod();
  const months = options.months ?? 24;
  const written = generateSample({
    folder: options.folder,
    to,
    months,
    seed: options.seed ?? sampleSeed,
    scale: options.scale,
  });
  const files = expandFiles(written.map((entry) => entry.file));
  options.log(
    `Sample data: importing ${files.length} files for the ${months} months to ${to} from ${options.folder}…`,
  );
  let done = 0;
  const outcomes = await runImports(db, files, {
    actor: "sample-data",
    reporter: {
      start: () => {},
      rows: () => {},
      saving: () => {},
      done: () => {
        done++;
        if (done % 25 === 0 && done < files.length)
          options.log(`Sample data: ${done} of ${files.length} files imported…`);
      },
    },
  });
  return {
    files: files.length,
    rows: outcomes.reduce((sum, outcome) => sum + (outcome.rows ?? 0), 0),
    rejected: outcomes.filter((outcome) => outcome.status === "rejected"),
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * The first `npm start` on an empty database loads the sample, so a new user sees data; a database
 * with any tariff data (real or sample) is never touched.
 */
export async function loadSampleDataIfEmpty(
  db: Database,
  options: { folder: string; enabled: boolean; log: (message: string) => void },
): Promise<void> {
  if (!options.enabled || (await hasTariffData(db))) return;
  options.log(
    "No tariff data yet: loading 24 months of generated sample data (this takes under a minute, once)…",
  );
  const result = await loadSampleData(db, { folder: options.folder, log: options.log });
  options.log(
    `Sample data loaded: ${result.files} files, ${result.rows.toLocaleString("en-GB")} rows in ${result.seconds.toFixed(0)} s. ` +
      "Load real files with `npm run import -- FILES…`.",
  );
  for (const rejected of result.rejected)
    options.log(`Sample file rejected (please report this): ${rejected.message}`);
}
