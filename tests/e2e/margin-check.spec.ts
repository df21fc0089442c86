import type { Page } from "@playwright/test";

import { expectNoAxeViolations } from "../fixtures/axe";
import { createOrganisation, queryRows } from "./database";
import { exportCsv } from "./exports";
import { demo, expect, signInByApi, test, waitForHydration } from "./fixtures";

/** A total of the upload shown, by its term. */
const total = (page: Page, term: string) =>
  page
    .getByLabel("Totals")
    .locator("div")
    .filter({ has: page.getByText(term, { exact: true }) })
    .getByRole("definition");

/** Uploads a CSV and maps its columns, each field to a header (or left unmapped). */
async function uploadCsv(page: Page, fileName: string, csv: string, columns: Record<string, string>) {
  await page.goto("/margin-check");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Margin Check");
  const file = page.getByLabel("Price list or buying history");
  await waitForHydration(file);
  await file.setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from(csv) });
  // Pressed from the keyboard: a click's pointer can land on the desktop sidebar, which opens over
  // the form under a resting pointer and then keeps covering the button.
  await page.getByRole("button", { name: "Read columns" }).press("Enter");
  await expect(page.getByText(/rows found\./)).toBeVisible();
  for (const [label, header] of Object.entries(columns)) await page.getByLabel(label).selectOption(header);
  await page.getByRole("button", { name: "Check margins" }).press("Enter");
  await expect(
    page.getByRole("region", { name: new RegExp(`^${fileName.replace(".", "\\.")}`) }),
  ).toBeVisible({
    timeout: 120_000,
  });
}

/**
 * The margin check (issue 15, ADR 130): the demo admin uploads a 20-line CSV of codes and names in
 * columns of their own, two bought above reimbursement, maps its columns, sees both flagged with
 * their margins, corrects a match and exports the result.
 */
test("the demo admin checks a price list's margins, corrects a match and exports it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // Packs of the newest England & Wales Part VIIIA month, each medicine once, with its pack size.
  const packs = await queryRows<{ code: string; medicine: string; size: string }>(
    `select distinct on (medicine) vmpp_snomed_code as code, medicine, trim_scale(pack_size)::text as size
      from part_viiia_prices
      where edition = 1 and period = (select max(period) from part_viiia_prices where edition = 1)
        and vmpp_snomed_code is not null and basic_price_pence > 0
      order by medicine, vmpp_snomed_code limit 19`,
  );
  expect(packs.length, "the sample data has 19 packs").toBe(19);
  const unmatched = `Qqzx unlisted ${Date.now().toString(36)}`;
  const lines = packs.map((pack, at) => {
    // The first ten by code, the rest by name and size; the first two bought at £999.99, far above any reimbursement.
    const [code, name] = at < 10 ? [pack.code, ""] : ["", pack.medicine];
    return `${code},"${name}",${pack.size},${at < 2 ? "999.99" : "0.01"}`;
  });
  const csv = ["Code,Item,Qty,Net cost", ...lines, `,"${unmatched}",1,1.00`].join("\n");

  await signInByApi(page, baseURL!, demo.admin);
  await uploadCsv(page, "supplier.csv", csv, {
    "Product name": "Item",
    "Product code": "Code",
    "Pack size": "Qty",
    "Cost (£ per pack)": "Net cost",
  });
  await expect(total(page, "Lines")).toHaveText("20");
  await expect(total(page, "With a reimbursement")).toHaveText("19");
  await expect(total(page, "Bought above reimbursement")).toHaveText("2");
  await expectNoAxeViolations(page);

  // The two bought above reimbursement, on their own.
  await page.getByLabel("Show").selectOption("loss");
  const table = page.getByRole("region", { name: "Margins of supplier.csv" });
  await expect(table.getByText("Bought above reimbursement")).toHaveCount(2);

  // Their margins, from the export: reimbursement less £999.99, figures a spreadsheet adds up.
  const exported = await exportCsv(page);
  expect(exported.records).toHaveLength(2);
  for (const record of exported.records) {
    expect(packs.slice(0, 2).map((pack) => pack.code)).toContain(record["Your code"]);
    expect(record["Cost (£)"]).toBe("999.99");
    // A loss is a negative number, not text.
    expect(Number(record["Margin (£)"])).toBeLessThan(0);
    expect(Number(record["Margin (£)"])).toBeCloseTo(Number(record["Reimbursement (£)"]) - 999.99, 2);
  }

  // The unmatched line, corrected to the first pack's code.
  await page.getByLabel("Show").selectOption("unmatched");
  await expect(
    page.getByRole("region", { name: "Margins of supplier.csv" }).getByText(unmatched),
  ).toBeVisible();
  await page.getByRole("button", { name: `Correct the match of ${unmatched}` }).click();
  await page.getByLabel(`Pack code for ${unmatched}`).fill(packs[0]!.code);
  await page.getByRole("button", { name: "Save" }).click();
  // Corrected, the line is matched: no line is left unmatched (a phone shows cards, not rows).
  await expect(page.getByText("No line matches this filter.")).toBeVisible();
  await expectNoAxeViolations(page);
});

/**
 * A buying history matched by pack size (ADR 165): a size the tariff lacks is said so and not
 * priced; a name matched doubtfully waits under "Needs checking", out of the totals, until it is
 * confirmed with the keyboard. A licence of its own, so no other test's confirmations count.
 */
test("a line's pack size decides its pack, and a doubtful match waits to be confirmed", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const newest = `edition = 1 and period = (select max(period) from part_viiia_prices where edition = 1)
    and vmpp_snomed_code is not null and basic_price_pence > 0`;
  // A product with several pack sizes, and one with a single pack and a long first word to misspell.
  const [several] = await queryRows<{ medicine: string; sizes: string[] }>(
    `select medicine, array_agg(distinct trim_scale(pack_size)::text order by trim_scale(pack_size)::text) as sizes
      from part_viiia_prices where ${newest}
      group by medicine having count(distinct pack_size) >= 2 order by medicine limit 1`,
  );
  const [single] = await queryRows<{ medicine: string; size: string }>(
    `select medicine, min(trim_scale(pack_size)::text) as size from part_viiia_prices where ${newest}
        and medicine ~ '^[A-Z][a-z]{9,} '
      group by medicine having count(*) = 1 order by medicine limit 1`,
  );
  expect(several, "the sample data has a product in several pack sizes").toBeDefined();
  expect(single, "the sample data has a product in one pack size").toBeDefined();
  const sizes = several!.sizes.map(Number).sort((a, b) => a - b);
  const missing = sizes.at(-1)! + 1;
  const [first, ...rest] = single!.medicine.split(" ");
  const slip = [`${first!.slice(0, 4)}${first![4] === "e" ? "a" : "e"}${first!.slice(5)}`, ...rest].join(" ");
  const csv = [
    "Product,Pack,Cost",
    `"${several!.medicine}",${missing},1.00`,
    `"${several!.medicine}",${sizes[0]},1.00`,
    `"${slip}",${single!.size},0.50`,
  ].join("\n");

  const { admin } = await createOrganisation({ seats: 2, label: "margins" });
  await signInByApi(page, baseURL!, admin.email, admin.password);
  await uploadCsv(page, "history.csv", csv, {
    "Product name": "Product",
    "Pack size": "Pack",
    "Cost (£ per pack)": "Cost",
  });

  const listed = `${sizes.slice(0, -1).join(", ")} and ${sizes.at(-1)}`;
  const margins = page.getByRole("region", { name: "Margins of history.csv" });
  await expect(
    margins.getByText(`No ${missing}-pack of ${several!.medicine} in the tariff: ${listed} are`),
  ).toBeVisible();
  await expect(margins.getByText("Not priced")).toBeVisible();
  const checking = page.getByRole("region", { name: "Needs checking (1)" });
  await expect(checking.getByText(slip)).toBeVisible();
  await expect(total(page, "Lines")).toHaveText("3");
  await expect(total(page, "With a reimbursement")).toHaveText("1");
  await expect(total(page, "Needs checking")).toHaveText("1");
  await expectNoAxeViolations(page);

  // Confirmed from the keyboard: the line joins the totals and the notice takes the focus.
  const literal = slip.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const confirm = checking.getByRole("button", { name: new RegExp(`^Confirm ${literal} is `) });
  await confirm.focus();
  await page.keyboard.press("Enter");
  const notice = page.getByRole("status").filter({ hasText: `${slip} confirmed as ${single!.medicine}` });
  await expect(notice).toBeFocused();
  await expect(checking).toHaveCount(0);
  await expect(total(page, "With a reimbursement")).toHaveText("2");
  await expect(total(page, "Needs checking")).toHaveText("0");
  await expectNoAxeViolations(page);
});
