import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";

import { createDatabase, createPool } from "../src/db/client";
import { startEmbeddedDatabase } from "../src/db/embedded";
import { migrateDatabase } from "../src/db/migrate";
import { importFile } from "../src/features/imports/service";
import { hasRealData, realDataDir } from "../tests/fixtures/real-data";
import { withClient, withDatabase } from "./server";

/**
 * `npm run bench:margin`: a 20,000-line buying history matched and saved by the margin check
 * (ADR 165), on the embedded database and on PostgreSQL (targets ≤ 20 s and ≤ 10 s).
 *
 * Each database is fresh: the real Part VIIIA file of July 2026 and Part IX file of June 2026 are
 * imported (untimed). The history is drawn from the Part VIIIA file with a fixed seed: real names
 * and pack sizes, each line written as a supplier might (the tariff's spelling, upper case, short
 * forms and spaced strengths, the pack size in the name or written `1x56`, a code beside the name, a
 * one-letter slip) and one line in twenty a product the tariff does not have. What is timed is the
 * upload as the route does it, in a process of its own (whose peak RSS is reported): reading the
 * CSV, mapping, matching, saving and recording each line's figure; then the page's reading of the
 * upload. Three runs (BENCH_RUNS), each for a new licence; the worst is held to the target.
 * BENCH_DATABASES picks `embedded`, `postgres` or both (default); PostgreSQL is the server
 * DATABASE_URL names (default: the local one), on a database of its own dropped afterwards.
 */
const tsx = createRequire(import.meta.url).resolve("tsx/cli");
const lineCount = Number(process.env.BENCH_LINES ?? 20_000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chosen = (process.env.BENCH_DATABASES ?? "embedded,postgres").split(",");
const targets = { embedded: 20, postgres: 10 } as const;
const viiiaFile = path.join(realDataDir, "costmos-processed/drug_tariff_viii_a_202607.csv");
const ixFile = path.join(realDataDir, "costmos-processed/drug_tariff_ix_202606.csv.gz");

/** What a line was written from, and so what it should be matched to. */
type Kind = "exact" | "case" | "short" | "inName" | "notation" | "code" | "slip" | "unknown";
type Planned = { kind: Kind; vmpp: string | null };

/** A small seeded generator (mulberry32): the same history every run. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

/** A supplier's short forms and spacing of a tariff name. */
const shortened = (name: string) =>
  name
    .replace(/\btablets\b/, "tabs")
    .replace(/\bcapsules\b/, "caps")
    .replace(/\bsugar free\b/, "s/f")
    .replace(/\bmodified-release\b/, "m/r")
    .replace(/(\d)(mg|ml|g)\b/, "$1 $2");

/** One wrong letter in the first word of at least six letters. */
function slipped(name: string, draw: ReturnType<typeof random>): string | null {
  const words = name.split(" ");
  const at = words.findIndex((word) => /^[A-Za-z]{6,}$/.test(word));
  if (at < 0) return null;
  const word = words[at]!;
  const place = 2 + draw.int(word.length - 3);
  const letter = word[place] === "e" ? "a" : "e";
  words[at] = word.slice(0, place) + letter + word.slice(place + 1);
  return words.join(" ");
}

const syllables = ["zen", "tra", "vix", "dor", "qual", "mep", "rox", "tal", "bix", "nor", "fen", "lox"];
const forms = ["tablets", "capsules", "oral solution", "cream"];

/** A buying history of `count` lines: the CSV's text and what each line was written from. */
function buyingHistory(count: number): { csv: string; planned: Planned[] } {
  type Pack = { medicine: string; pack: string; vmpp: string; price: number };
  const rows = parse(fs.readFileSync(viiiaFile), { columns: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
  const packs: Pack[] = rows
    .filter((row) => row.vmpp_snomed_code && row.medicine)
    .map((row) => ({
      medicine: row.medicine!,
      pack: row.pack_size!,
      vmpp: row.vmpp_snomed_code!,
      price: Number(row.basic_price_in_p),
    }));
  const draw = random(20_000);
  // A pharmacy buys some packs often: a quarter of the packs make up most of the history.
  const often = packs.filter(() => draw.next() < 0.25);
  const quote = (text: string) => (/[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines: string[] = ["Product,Code,Pack,Cost"];
  const planned: Planned[] = [];
  for (let i = 0; i < count; i++) {
    const pack = draw.next() < 0.8 ? draw.pick(often) : draw.pick(packs);
    const cost = ((pack.price * (0.6 + draw.next() * 0.6)) / 100).toFixed(2);
    const roll = draw.next();
    let kind: Kind;
    let cells: [string, string, string];
    if (roll < 0.05) {
      kind = "unknown";
      const name = `${draw.pick(syllables)}${draw.pick(syllables)}${draw.pick(syllables)}`;
      cells = [
        `${name[0]!.toUpperCase()}${name.slice(1)} ${5 * (1 + draw.int(20))}mg ${draw.pick(forms)}`,
        "",
        "28",
      ];
    } else if (roll < 0.4) [kind, cells] = ["exact", [pack.medicine, "", pack.pack]];
    else if (roll < 0.55) [kind, cells] = ["case", [pack.medicine.toUpperCase(), "", pack.pack]];
    else if (roll < 0.67) [kind, cells] = ["short", [shortened(pack.medicine), "", pack.pack]];
    else if (roll < 0.77) {
      const notation = draw.pick([` x${pack.pack}`, ` (${pack.pack})`, `, ${pack.pack}`, ` ${pack.pack}`]);
      [kind, cells] = ["inName", [`${pack.medicine}${notation}`, "", ""]];
    } else if (roll < 0.87) {
      const notation = draw.pick([`${pack.pack} tabs`, `1x${pack.pack}`, `OP${pack.pack}`, `x${pack.pack}`]);
      [kind, cells] = ["notation", [pack.medicine, "", notation]];
    } else if (roll < 0.95) [kind, cells] = ["code", [pack.medicine, pack.vmpp, pack.pack]];
    else {
      const slip = slipped(pack.medicine, draw);
      [kind, cells] = slip ? ["slip", [slip, "", pack.pack]] : ["exact", [pack.medicine, "", pack.pack]];
    }
    lines.push([...cells, cost].map(quote).join(","));
    planned.push({ kind, vmpp: kind === "unknown" ? null : pack.vmpp });
  }
  return { csv: lines.join("\n"), planned };
}

type Outcome = {
  readSeconds: number;
  uploadSeconds: number;
  pageSeconds: number;
  /** The upload process's own CPU time for the upload: what the load of the machine does not inflate. */
  cpuSeconds: number;
  peakRssMb: number;
  lines: { code: string | null; needsChecking: boolean; priced: boolean }[];
};

/** In the child: one upload as the route makes it, for a new licence, reported in a JSON file. */
async function runUpload(url: string, csvFile: string, reportFile: string): Promise<void> {
  process.env.DATABASE_URL = url;
  const { getDb, closeDb } = await import("../src/db/client");
  const { saveUpload, getUpload } = await import("../src/features/margins/queries");
  const { readTable } = await import("../src/features/margins/read-upload");
  const licenceId = randomUUID();
  const userId = `bench-${randomBytes(6).toString("hex")}`;
  await getDb().execute(sql`insert into licenses (license_id, organisation, number_of_licenses)
    values (${licenceId}, 'Bench Pharmacy', 5)`);
  await getDb().execute(sql`insert into auth_user (id, name, email, email_verified)
    values (${userId}, 'Bench', ${`${userId}@example.test`}, true)`);
  await getDb().execute(sql`insert into profiles (id, email, first_name, is_subscribed, license_id)
    values (${userId}, ${`${userId}@example.test`}, 'Bench', true, ${licenceId})`);
  const owner = { licenceId, userId, edition: 1 as const };
  const limits = { uploadsPerHour: 1_000, linesPerDay: 10_000_000, uploadsKept: 1_000 };
  const bytes = fs.readFileSync(csvFile);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const table = await readTable("buying-history.csv", bytes);
  const read = performance.now();
  const mapping = { product: "Product", code: "Code", packSize: "Pack", cost: "Cost" };
  const saved = await saveUpload(owner, "buying-history.csv", table, mapping, limits);
  const uploaded = performance.now();
  const used = process.cpuUsage(cpu);
  const result = (await getUpload(owner, saved.id))!;
  const shown = performance.now();
  await closeDb();
  const outcome: Outcome = {
    readSeconds: (read - started) / 1000,
    uploadSeconds: (uploaded - started) / 1000,
    pageSeconds: (shown - uploaded) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    lines: result.lines.map((line) => ({
      code: line.code,
      needsChecking: line.needsChecking,
      priced: line.reimbursementPence !== null && !line.needsChecking,
    })),
  };
  fs.writeFileSync(reportFile, JSON.stringify(outcome));
}

function child(url: string, csvFile: string): Promise<Outcome> {
  const reportFile = path.join(path.dirname(csvFile), `run-${randomBytes(4).toString("hex")}.json`);
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      [
        tsx,
        "--import",
        "./scripts/lib/no-server-only.mjs",
        "bench/margin.ts",
        "--child",
        url,
        csvFile,
        reportFile,
      ],
      { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, LOG_LEVEL: "silent" } },
    );
    proc.on("exit", (code) => {
      if (code === 0 && fs.existsSync(reportFile))
        resolve(JSON.parse(fs.readFileSync(reportFile, "utf8")) as Outcome);
      else reject(new Error(`the upload failed (exit ${code})`));
    });
  });
}

type Database = { name: keyof typeof targets; label: string; url: string; drop: () => Promise<void> };

async function freshDatabase(kind: keyof typeof targets): Promise<Database> {
  if (kind === "postgres") {
    const server = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
    const name = `tariffscope_bench_margin_${randomBytes(4).toString("hex")}`;
    await withClient(server, (client) => client.query(`create database ${name}`));
    return {
      name: kind,
      label: `PostgreSQL (${new URL(server).host})`,
      url: withDatabase(server, name),
      drop: async () => {
        await withClient(server, (client) => client.query(`drop database if exists ${name} with (force)`));
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-margin-"));
  const embedded = await startEmbeddedDatabase({ dataDir });
  return {
    name: kind,
    label: "the embedded database (PGlite, served from this process)",
    url: embedded.url,
    drop: async () => {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** How the matches came out against what each line was written from. */
function quality(planned: Planned[], lines: Outcome["lines"]) {
  const tally = {
    rightPack: 0,
    wrongPack: 0,
    needsChecking: 0,
    notPriced: 0,
    unknownPriced: 0,
    unknownChecking: 0,
    unknown: 0,
  };
  planned.forEach((plan, at) => {
    const line = lines[at]!;
    if (plan.kind === "unknown") {
      tally.unknown++;
      if (line.priced) tally.unknownPriced++;
      else if (line.needsChecking) tally.unknownChecking++;
    } else if (line.needsChecking) tally.needsChecking++;
    else if (!line.code) tally.notPriced++;
    else if (line.code === plan.vmpp) tally.rightPack++;
    else tally.wrongPack++;
  });
  return tally;
}

async function main(): Promise<void> {
  if (!hasRealData || !fs.existsSync(viiiaFile)) {
    console.log(`bench:margin needs the real Part VIIIA file in ${realDataDir}; nothing was measured.`);
    return;
  }
  const history = buyingHistory(lineCount);
  const csvFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-margin-csv-")), "history.csv");
  fs.writeFileSync(csvFile, history.csv);
  const count = (value: number) => value.toLocaleString("en-GB");
  const kinds = history.planned.reduce<Record<string, number>>(
    (all, plan) => ({ ...all, [plan.kind]: (all[plan.kind] ?? 0) + 1 }),
    {},
  );
  console.log(
    `bench:margin: ${count(lineCount)} lines (${Object.entries(kinds)
      .map(([kind, n]) => `${kind} ${count(n)}`)
      .join(", ")}), ${os.cpus().length} cores, Node ${process.version}, load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}`,
  );
  let allMet = true;
  for (const kind of chosen as (keyof typeof targets)[]) {
    if (!(kind in targets)) throw new Error(`BENCH_DATABASES: ${kind} is neither embedded nor postgres`);
    const database = await freshDatabase(kind);
    try {
      const pool = createPool(database.url, { max: 2 });
      const db = createDatabase(pool);
      await migrateDatabase(db);
      for (const file of [viiiaFile, ixFile].filter((file) => fs.existsSync(file))) {
        const imported = await importFile(db, file, { actor: "bench setup" });
        if (imported.status !== "imported") throw new Error(`${file} was not imported: ${imported.status}`);
      }
      await db.execute(sql`analyze`);
      await pool.end();
      console.log(`\n${database.label}: real Part VIIIA July 2026 and Part IX June 2026 loaded`);
      const outcomes: Outcome[] = [];
      for (let run = 1; run <= runs; run++) {
        const outcome = await child(database.url, csvFile);
        outcomes.push(outcome);
        const tally = quality(history.planned, outcome.lines);
        console.log(
          `  run ${run}: upload ${outcome.uploadSeconds.toFixed(2)} s (reading the file ${outcome.readSeconds.toFixed(2)} s; ` +
            `the upload process's CPU ${outcome.cpuSeconds.toFixed(2)} s), ` +
            `the page's reading ${outcome.pageSeconds.toFixed(2)} s, peak RSS ${Math.round(outcome.peakRssMb)} MB, ` +
            `load average ${os.loadavg()[0]!.toFixed(1)}`,
        );
        if (run === 1)
          console.log(
            `  matches: ${count(tally.rightPack)} priced with the pack written, ${count(tally.wrongPack)} with another, ` +
              `${count(tally.needsChecking)} needing checking, ${count(tally.notPriced)} not priced; ` +
              `${count(tally.unknownPriced)} of ${count(tally.unknown)} unknown products priced ` +
              `(${count(tally.unknownChecking)} proposed under Needs checking)`,
          );
      }
      const worst = Math.max(...outcomes.map((outcome) => outcome.uploadSeconds));
      const peak = Math.max(...outcomes.map((outcome) => outcome.peakRssMb));
      const met = worst <= targets[kind];
      allMet &&= met;
      console.log(
        `  worst of ${runs}: ${worst.toFixed(2)} s (target ≤ ${targets[kind]} s: ${met ? "met" : "NOT met"}; ` +
          `${(worst / targets[kind]).toFixed(2)}× the target), peak RSS ${Math.round(peak)} MB`,
      );
    } finally {
      await database.drop();
    }
  }
  fs.rmSync(path.dirname(csvFile), { recursive: true, force: true });
  if (!allMet) process.exitCode = 1;
}

if (process.argv[2] === "--child") await runUpload(process.argv[3]!, process.argv[4]!, process.argv[5]!);
else await main();
process.exit(process.exitCode ?? 0);
