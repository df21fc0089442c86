import path from "node:path";

import type { Database } from "@/db/client";

import { monthLabel } from "@/lib/tariff-vocabulary";

import { hasTariffData, type FirstLoad } from "../first-load";
import type { ImportOutcome } from "../service";
import { runImports, type ImportReporter } from "../run";
import { demoDataFolder, demoFiles, demoNiActor } from "./files";
import { writeNorthernIrelandFiles } from "./northern-ireland";

export type DemoLoad = FirstLoad & { newest: string | null };

/** One log line per file as it is imported: "Demo data 12/31: drug_tariff_viii_a_202607.csv.gz, 3,535 rows". */
function progress(label: string, total: number, log: (message: string) => void): ImportReporter {
  let done = 0;
  return {
    start: () => {},
    rows: () => {},
    saving: () => {},
    done: (outcome) => {
      done++;
      const rows = outcome.rows === null ? "" : `, ${outcome.rows.toLocaleString("en-GB")} rows`;
      log(`${label} ${done}/${total}: ${outcome.file}${rows} ${outcome.status}`);
    },
  };
}

/**
 * The demo on real published prices (ADR 210): the snapshot's England & Wales files, concessions
 * and dm+d subset through the importer, then the illustrative Northern Ireland edition written from
 * the rows just loaded and imported the same way, under its own actor (`demoNiActor`), which is how
 * the pages know to call it illustrative. `workFolder` receives the Northern Ireland files.
 */
export async function loadDemoData(
  db: Database,
  options: { folder?: string; workFolder: string; log: (message: string) => void },
): Promise<DemoLoad> {
  const started = Date.now();
  const files = demoFiles(options.folder ?? demoDataFolder);
  options.log(`Demo data: importing ${files.length} published files from ${options.folder ?? "data/demo"}…`);
  const outcomes: ImportOutcome[] = await runImports(db, files, {
    actor: "demo-data",
    reporter: progress("Demo data", files.length, options.log),
  });
  const niFiles = await writeNorthernIrelandFiles(db, path.join(options.workFolder, "northern-ireland"));
  options.log(`Demo data: writing the illustrative Northern Ireland edition (${niFiles.length} files)…`);
  outcomes.push(
    ...(await runImports(db, niFiles, {
      actor: demoNiActor,
      reporter: progress("Northern Ireland (illustrative)", niFiles.length, options.log),
    })),
  );
  const newest = outcomes
    .filter((outcome) => outcome.part === "viiia" && outcome.edition === "ew" && outcome.period)
    .map((outcome) => outcome.period!)
    .sort()
    .at(-1);
  return {
    files: outcomes.length,
    rows: outcomes.reduce((sum, outcome) => sum + (outcome.rows ?? 0), 0),
    rejected: outcomes.filter((outcome) => outcome.status === "rejected"),
    seconds: (Date.now() - started) / 1000,
    newest: newest ?? null,
  };
}

/** The first start on an empty database loads the demo; a database with any tariff data is left alone. */
export async function loadDemoDataIfEmpty(
  db: Database,
  options: { workFolder: string; log: (message: string) => void },
): Promise<void> {
  if (await hasTariffData(db)) return;
  options.log(
    "No tariff data yet: loading the real published England & Wales data kept in data/demo (once)…",
  );
  const result = await loadDemoData(db, options);
  options.log(
    `Demo data loaded: ${result.files} files, ${result.rows.toLocaleString("en-GB")} rows in ${result.seconds.toFixed(0)} s. ` +
      `The newest Part VIIIA month is ${result.newest ? monthLabel(result.newest) : "none"}: \`npm run fetch\` fetches newer months from NHSBSA and CPE.`,
  );
  for (const rejected of result.rejected)
    options.log(`Demo file rejected (please report this): ${rejected.message}`);
}
