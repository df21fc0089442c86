import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

/**
 * Every CSV the app hands a person is written by `csv.ts` (ADR 175), so each one is a spreadsheet's
 * file: byte-order mark, money as numbers, formulas defused. This reads every source file under
 * `src/` and lists those that make a CSV file some other way: a `text/csv` answer or download, or a
 * `.csv` download name given to a link.
 */
const root = path.resolve(import.meta.dirname, "../../..");
const writer = "src/components/data-table/csv.ts";
const table = "src/components/data-table/data-table-toolbar.tsx";
const dataApiRoute = "src/features/api/api-route.ts";
const dataApiContract = "src/features/api/openapi.ts";

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("one CSV writer", () => {
  it("is the only maker of CSV files: every export is a table's, written by csv.ts", () => {
    const makers = sourceFiles(path.join(root, "src"))
      .map((file) => path.relative(root, file))
      .filter((file) => {
        const text = fs.readFileSync(path.join(root, file), "utf8");
        return /["'`]text\/csv/.test(text) || /\.download\s*=/.test(text) || /\btoCsv\(/.test(text);
      });
    // The table turns the writer's text into the download; the writer writes it; the data API
    // answers `format=csv` with the same writer's text; its contract only names the media type.
    expect(makers.sort()).toEqual([writer, table, dataApiRoute, dataApiContract].sort());
    expect(fs.readFileSync(path.join(root, dataApiRoute), "utf8")).toMatch(
      /import \{[^}]*\btableCsv\b[^}]*\} from "@\/components\/data-table\/csv"/,
    );
  });
});
