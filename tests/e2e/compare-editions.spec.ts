import { expectNoAxeViolations } from "../fixtures/axe";
import { readSpreadsheetCsv } from "../fixtures/spreadsheet-csv";
import { createPerson, queryRows } from "./database";
import { collectConsoleErrors, expect, signInByApi, test, uniqueEmail, waitForHydration } from "./fixtures";

/**
 * Effective reimbursement, England & Wales beside Northern Ireland: on a pack's public page, and on
 * /compare-editions for a subscriber, with its CSV.
 */
test("a pack's page shows both editions' effective reimbursement, this month step by step and twelve months", async ({
  page,
}) => {
  // A Part VIIIA pack both editions list in the newest month Northern Ireland has.
  const [pack] = await queryRows<{ code: string; medicine: string }>(
    `select e.vmpp_snomed_code as code, e.medicine
       from part_viiia_prices e
       join part_viiia_prices n on n.vmpp_snomed_code = e.vmpp_snomed_code and n.period = e.period and n.edition = 2
      where e.edition = 1 and e.period = (select max(period) from part_viiia_prices where edition = 2)
      order by e.medicine limit 1`,
  );
  expect(pack, "the sample data has a pack in both editions").toBeDefined();
  await page.goto(`/drug-info/${pack!.code}`);
  const section = page.getByRole("region", { name: "Effective reimbursement", exact: true });
  await expect(section).toBeVisible();
  for (const edition of ["England & Wales", "Northern Ireland"]) {
    const card = section.getByRole("listitem").filter({ hasText: edition }).first();
    await expect(card.getByText(/^Expected reimbursement: £[\d,.]+ per pack/)).toBeVisible();
    await expect(
      card.getByText(/rate applies|deducted at the|no discount is deducted|carries no discount/),
    ).toBeVisible();
  }
  const months = section.getByRole("region", { name: /^Effective reimbursement of .*, last 12 months$/ });
  await expect(months.getByRole("columnheader", { name: "Northern Ireland" })).toBeVisible();
  await expect(months.getByRole("row")).toHaveCount(13);
  // The 'Current price' cards, the steps and the table's month in force give each edition one net price.
  const current = page.getByRole("region", { name: "Current price", exact: true });
  for (const [index, edition] of ["England & Wales", "Northern Ireland"].entries()) {
    const card = current.getByRole("listitem").filter({ hasText: edition }).first();
    const netCell = card.locator("dt", { hasText: /^Net price$/ }).locator("xpath=following-sibling::dd[1]");
    const net = /£[\d,.]+/.exec(await netCell.innerText())![0];
    await expect(section.getByRole("listitem").filter({ hasText: edition }).first()).toContainText(
      `Expected reimbursement: ${net} per pack`,
    );
    const month = (await card.locator("p").nth(1).innerText()).replace(/ \(.*\)$/, "");
    const row = months.getByRole("row").filter({ has: page.getByRole("cell", { name: month, exact: true }) });
    await expect(row.getByRole("cell").nth(index + 1)).toContainText(net);
  }
  await expectNoAxeViolations(page);
});

test("a pack's page writes a unit price of a pound or more in pounds, as '£77.91 per patch'", async ({
  page,
}) => {
  // A Part VIIIA pack at £2 or more a unit, with no concession: even after a deduction, over £1 a unit.
  const [pack] = await queryRows<{ code: string; unit: string }>(
    `select p.vmpp_snomed_code as code, p.unit_of_measure as unit
       from part_viiia_prices p
      where p.edition = 1 and p.period = (select max(period) from part_viiia_prices where edition = 1)
        and p.pack_size > 0 and p.basic_price_pence >= 200 * p.pack_size and p.unit_of_measure <> ''
        and not exists (select 1 from concessions c
                         where c.vmpp_snomed_code = p.vmpp_snomed_code and c.period = p.period)
      order by p.medicine limit 1`,
  );
  expect(pack, "the sample data has a pack at £2 or more a unit").toBeDefined();
  await page.goto(`/drug-info/${pack!.code}`);
  const card = page
    .getByRole("region", { name: "Effective reimbursement", exact: true })
    .getByRole("listitem")
    .filter({ hasText: "England & Wales" })
    .first();
  const unitPrice = new RegExp(
    `^Expected reimbursement: £[\\d,.]+ per pack, £[\\d,]+\\.\\d{2} per ${pack!.unit.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} `,
  );
  await expect(card.getByText(unitPrice)).toBeVisible();
  await expect(card).not.toContainText(/\d{3,}\.\d{2}p per/);
});

test("a subscriber compares the editions' reimbursement by part and exports it", async ({
  page,
  baseURL,
}) => {
  const person = await createPerson(uniqueEmail("compare"), { subscribed: true });
  await signInByApi(page, baseURL!, person.email, person.password);
  await page.goto("/compare-editions");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare Editions");
  const table = page.getByRole("region", { name: /^Effective reimbursement by edition, Part VIIIA/ });
  const firstPack = table.getByRole("row").nth(1);
  await expect(firstPack).toBeVisible();
  await expect(firstPack).toContainText(/£[\d,.]+.*£[\d,.]+/s);
  await expectNoAxeViolations(page);

  // The export, from the keyboard: both editions' figures for every pack shown, as numbers.
  const exportButton = page.getByRole("button", { name: "Export CSV" });
  await waitForHydration(exportButton);
  const download = page.waitForEvent("download");
  await exportButton.focus();
  await page.keyboard.press("Enter");
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^compare-editions-viiia-\d{4}-\d{2}\.csv$/);
  const csv = readSpreadsheetCsv(
    Buffer.concat((await (await file.createReadStream()).toArray()) as Buffer[]),
  );
  expect(csv.problems).toEqual([]);
  expect(csv.header.slice(2, 6)).toEqual([
    "England & Wales per pack (£)",
    "Northern Ireland per pack (£)",
    "Difference (NI − E&W) (£)",
    "Difference (%)",
  ]);
  expect(csv.header).toContain("Northern Ireland deduction (%)");
  expect(csv.rows.length).toBeGreaterThan(0);
  // Northern Ireland less England & Wales, in the file's own figures.
  for (const record of csv.records.filter(
    (r) => r["England & Wales per pack (£)"] && r["Northern Ireland per pack (£)"],
  ))
    expect(Number(record["Difference (NI − E&W) (£)"])).toBeCloseTo(
      Number(record["Northern Ireland per pack (£)"]) - Number(record["England & Wales per pack (£)"]),
      2,
    );

  // Part IX compares appliances by pack code, each edition with its own part.
  await page.getByLabel("Part", { exact: true }).selectOption("ix");
  await expect(page).toHaveURL(/part=ix/);
  await expect(
    page.getByRole("region", { name: /^Effective reimbursement by edition, Part IX/ }),
  ).toBeVisible();
});

test(
  "the comparison hydrates without an error on a phone, as on a desktop",
  { tag: "@phone" },
  async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const person = await createPerson(uniqueEmail("compare-phone"), { subscribed: true });
    await signInByApi(page, baseURL!, person.email, person.password);
    const errors = collectConsoleErrors(page);
    await page.goto("/compare-editions");
    const table = page.getByRole("region", { name: /^Effective reimbursement by edition, Part VIIIA/ });
    await expect(table.getByRole("row").nth(1)).toBeVisible();
    await waitForHydration(page.getByRole("button", { name: "Export CSV" }));
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  },
);
