import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { setupTestDatabase } from "@tests/fixtures/db";

import type { ProductKind } from "@/features/tariff/product-queries";
import { getPacksReimbursement, getProductReimbursement } from "@/features/tariff/reimbursement-queries";

import { loadSampleData } from "../../scripts/lib/sample/load";

/**
 * Many packs read together against each read alone, on the sample data (three months of every part
 * through the real importer: concessions, each category, Northern Ireland's Zero Discount List,
 * appliances, dm+d's branded packs): for every pack, the same table, so no pack's lines, concession,
 * list or rates leak into another's. The one-pack figures themselves are pinned in
 * `reimbursement-queries.integration.test.ts`.
 */
const database = setupTestDatabase();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "reimbursement-batch-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

async function codesOf(query: ReturnType<typeof sql>): Promise<string[]> {
  return (await database.db.execute<{ code: string }>(query)).rows.map((row) => row.code);
}

beforeAll(async () => {
  const loaded = await loadSampleData(database.db, { folder, months: 3, log: () => {} });
  expect(loaded.rejected).toEqual([]);
}, 300_000);

async function expectSameAsOnePack(kind: ProductKind, codes: string[]) {
  const batch = await getPacksReimbursement(kind, codes);
  for (const code of codes) {
    const one = await getProductReimbursement(kind, code);
    if (one.length === 0) expect(batch.has(code), code).toBe(false);
    else expect(batch.get(code), code).toEqual(one);
  }
}

describe("reading many packs' reimbursement at once", { timeout: 300_000 }, () => {
  it("gives each Part VIIIA pack what reading it alone gives: every category, concessions, the Zero Discount List", async () => {
    const codes = await codesOf(sql`
      (select distinct on (category) vmpp_snomed_code as code from part_viiia_prices
        where vmpp_snomed_code is not null order by category, period desc, id)
      union (select vmpp_snomed_code from concessions where vmpp_snomed_code is not null limit 40)
      union (select z.vmpp_snomed_code from zero_discount z join part_viiia_prices p
        on p.vmpp_snomed_code = z.vmpp_snomed_code limit 20)
      union (select vmpp_snomed_code from part_viiia_prices where vmpp_snomed_code is not null
        order by id limit 60)`);
    const batch = await getPacksReimbursement("drug", codes);
    const groups = new Set(
      [...batch.values()].flatMap((months) =>
        months.flatMap((month) => Object.values(month.editions).map((figure) => figure.group)),
      ),
    );
    expect([...groups]).toEqual(expect.arrayContaining(["generic", "brand", "concession", "dnd"]));
    const categories = await codesOf(sql`select distinct category as code from part_viiia_prices`);
    expect(categories).toEqual(expect.arrayContaining(["A", "C", "M"]));
    expect(codes.length).toBeGreaterThan(60);
    await expectSameAsOnePack("drug", [...codes, "1999999"]);
  });

  it("gives each appliance and each branded pack what reading it alone gives", async () => {
    const appliances = await codesOf(sql`
      (select distinct on (part) pack_snomed_code as code from part_ix_prices
        where pack_snomed_code is not null order by part, id)
      union (select pack_snomed_code from part_ix_prices where pack_snomed_code is not null order by id limit 40)
      union (select product_snomed_code from part_ix_prices where product_snomed_code is not null limit 5)`);
    const brands = await codesOf(sql`
      (select distinct on (drug_tariff_category) ampp_snomed_code as code from branded_packs
        order by drug_tariff_category, id)
      union (select ampp_snomed_code from branded_packs where discount_not_deducted limit 10)
      union (select ampp_snomed_code from branded_packs order by id limit 40)`);
    expect(appliances.length).toBeGreaterThan(20);
    expect(brands.length).toBeGreaterThan(20);
    await expectSameAsOnePack("appliance", appliances);
    await expectSameAsOnePack("brand", brands);
  });

  it("asks nothing for no packs", async () => {
    expect(await getPacksReimbursement("drug", [])).toEqual(new Map());
  });
});
