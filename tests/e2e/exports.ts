import type { Locator, Page } from "@playwright/test";

import { readSpreadsheetCsv, type SpreadsheetCsv } from "../fixtures/spreadsheet-csv";
import { expect, waitForHydration } from "./fixtures";

/**
 * Presses a table's "Export CSV" (the page's only one, or the one in `within`) and reads the file as a
 * spreadsheet would: it fails unless the file has its byte-order mark, every row is as wide as the
 * header and every money cell is a number of pounds (tests/fixtures/spreadsheet-csv.ts).
 */
export async function exportCsv(
  page: Page,
  within: Page | Locator = page,
): Promise<SpreadsheetCsv & { name: string }> {
  const button = within.getByRole("button", { name: "Export CSV" });
  await waitForHydration(button);
  const download = page.waitForEvent("download");
  await button.click();
  const file = await download;
  const bytes = Buffer.concat((await (await file.createReadStream()).toArray()) as Buffer[]);
  const csv = readSpreadsheetCsv(bytes);
  expect(csv.problems, `${file.suggestedFilename()} reads in a spreadsheet`).toEqual([]);
  return { ...csv, name: file.suggestedFilename() };
}
