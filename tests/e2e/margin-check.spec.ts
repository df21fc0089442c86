import { expectNoAxeViolations } from "../fixtures/axe";
import { queryRows } from "./database";
import { exportCsv } from "./exports";
import { demo, expect, signInByApi, test, waitForHydration } from "./fixtures";

/**
 * The margin check (issue 15, ADR 130): the demo admin uploads a 20-line CSV of codes and names,
 * two bought above reimbursement, maps its columns, sees both flagged with their margins, corrects a
 * match and exports the result.
 */
test("the demo admin checks a price list's margins, corrects a match and exports it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // Packs of the newest England & Wales Part VIIIA month, each medicine once.
  const packs = await queryRows<{ code: string; medicine: string }>(
    `select distinct on (medicine) vmpp_snomed_code as code, medicine from part_viiia_prices
      where edition = 1 and period = (select max(period) from part_viiia_prices where edition = 1)
        and vmpp_snomed_code is not null and basic_price_pence > 0
      order by medicine, vmpp_snomed_code limit 19`,
  );
  expect(packs.length, "the sample data has 19 packs").toBe(19);
  const unmatched = `Unlisted sundry ${Date.now().toString(36)}`;
  const lines = packs.map((pack, at) => {
    // The first ten by code, the rest by name; the first two bought at £999.99, far above any reimbursement.
    const product = at < 10 ? pack.code : pack.medicine;
    return `"${product}",28,${at < 2 ? "999.99" : "0.01"}`;
  });
  const csv = ["Item,Qty,Net cost", ...lines, `"${unmatched}",1,1.00`].join("\n");

  await signInByApi(page, baseURL!, demo.admin);
  await page.goto("/margin-check");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Margin Check");
  const file = page.getByLabel("Price list or buying history");
  await waitForHydration(file);
  await file.setInputFiles({ name: "supplier.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Read columns" }).click();
  await expect(page.getByText("20 rows found.")).toBeVisible();
  await page.getByLabel("Product name or code").selectOption("Item");
  await page.getByLabel("Pack size").selectOption("Qty");
  await page.getByLabel("Cost (£ per pack)").selectOption("Net cost");
  await page.getByRole("button", { name: "Check margins" }).click();
  await expect(page.getByRole("region", { name: /^supplier\.csv/ })).toBeVisible({ timeout: 120_000 });
  const totals = page.getByRole("definition");
  await expect(totals.nth(0)).toHaveText("20");
  await expect(totals.nth(4)).toHaveText("2");
  await expectNoAxeViolations(page);

  // The two bought above reimbursement, on their own.
  await page.getByLabel("Show").selectOption("loss");
  const table = page.getByRole("region", { name: "Margins of supplier.csv" });
  await expect(table.getByText("Bought above reimbursement")).toHaveCount(2);

  // Their margins, from the export: reimbursement less £999.99, figures a spreadsheet adds up.
  const exported = await exportCsv(page);
  expect(exported.records).toHaveLength(2);
  for (const record of exported.records) {
    expect(packs.slice(0, 2).map((pack) => pack.code)).toContain(record["Your product"]);
    expect(record["Cost (£)"]).toBe("999.99");
    // A loss is a negative number, not text.
    expect(Number(record["Margin (£)"])).toBeLessThan(0);
    expect(Number(record["Margin (£)"])).toBeCloseTo(Number(record["Reimbursement (£)"]) - 999.99, 2);
  }

  // The unmatched line, corrected to the first pack's code.
  await page.getByLabel("Show").selectOption("unmatched");
  await page.getByRole("button", { name: `Correct the match of ${unmatched}` }).click();
  await page.getByLabel(`Pack code for ${unmatched}`).fill(packs[0]!.code);
  await page.getByRole("button", { name: "Save" }).click();
  // Corrected, the line is matched: no line is left unmatched (a phone shows cards, not rows).
  await expect(page.getByText("No line matches this filter.")).toBeVisible();
  await expectNoAxeViolations(page);
});
