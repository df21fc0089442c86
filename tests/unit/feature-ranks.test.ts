import path from "node:path";

import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * ADR 217: the features are ranked, and a feature imports only features ranked below it, so no two
 * features import each other. Lint holds the order; this lints a few deliberate imports, as if written
 * in the product's folders, so a change to the configuration that lets a loop back in fails here.
 */
const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

/** The lines of `code`, placed at `file`, that lint refuses for climbing the rank order. */
async function climbs(file: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((message) => message.message.includes("ADR 217")).map(({ line }) => line);
}

describe("the features' rank order", () => {
  it("refuses an import of a feature ranked higher, by alias or relative path, in code and tests", async () => {
    const tariff = [
      'export { menuPageOf } from "@/features/shell/menu";',
      'export { importFile } from "../../imports/service";',
    ].join("\n");
    expect(await climbs("src/features/tariff/components/fixture.tsx", tariff)).toEqual([1, 2]);
    const insightsTest = 'export { importFile } from "@/features/imports/service";';
    expect(await climbs("src/features/insights/fixture.test.ts", insightsTest)).toEqual([1]);
  }, 60_000);

  it("lets a feature import those ranked lower and its own modules", async () => {
    const imports = [
      'export { refreshDerivedData } from "@/features/insights/derive";',
      'export { discountColumns } from "@/features/tariff/discounts";',
      'export { readImportFile } from "../read-file";',
    ].join("\n");
    expect(await climbs("src/features/imports/fetch/fixture.ts", imports)).toEqual([]);
    // `changes` is a feature, and also a module of insights: its own is no climb.
    expect(
      await climbs("src/features/insights/components/fixture.tsx", 'export * from "../changes";'),
    ).toEqual([]);
  }, 60_000);
});
