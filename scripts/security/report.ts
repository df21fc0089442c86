import fs from "node:fs";
import path from "node:path";

/** Where `npm run test:security` writes: the report, each tool's output, and the figures tests record. */
export const root = process.cwd();
export const out = path.resolve(process.env.SECURITY_OUT ?? ".test-results/security");
export const figuresDir = path.join(out, "figures");
/** The first of the ports the steps' servers listen on (each server takes the next one). */
export const port = process.env.E2E_PORT ?? "3190";
export const dataDir = process.env.E2E_DATA_DIR ?? ".data-security";

export const allSteps = ["abuse", "seats", "kill", "xss", "sqlmap", "fetch", "csv", "uploads"] as const;
export type StepName = (typeof allSteps)[number];

export function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

export function figure<T = Record<string, unknown>>(name: string): T | undefined {
  return readJson<T>(path.join(figuresDir, `${name}.json`));
}

const lines: string[] = [];
export function say(line = "") {
  console.log(line);
  lines.push(line);
}
export function table(header: string[], rows: string[][]) {
  say(`| ${header.join(" | ")} |`);
  say(`|${header.map(() => "---").join("|")}|`);
  for (const row of rows) say(`| ${row.map((cell) => cell.replace(/\|/g, "\\|")).join(" | ")} |`);
}

export const verdicts: { step: string; ok: boolean; note: string }[] = [];

/** Writes the report as printed so far to `report.md`, and returns its path. */
export function writeReport(): string {
  const file = path.join(out, "report.md");
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}
