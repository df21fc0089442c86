import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { startProduct, type RunningProduct } from "../../scripts/lib/product-server";
import { expectNoAxeViolations } from "../fixtures/axe";
import { freePort } from "../fixtures/processes";
import { viiiaCsv, viiiaRows } from "../fixtures/viiia-file";
import { demo, expect, signInByApi, test as base } from "./fixtures";

/**
 * NHSBSA publishes next month's tariff days before the 1st (product §3.1). The owner uploads England
 * & Wales' Part VIIIA for last month, this month and the two months ahead, and Northern Ireland's
 * Part I for this month only; a subscriber then finds every page still on the month in force, the
 * months ahead offered "from the 1st", a "From 1 …" card on the product page where the price
 * changes, and Northern Ireland's months ahead "Not published yet", never "Not listed".
 *
 * The months are the real calendar's, so the product runs here on a database of its own: the
 * shared test server's months must not change under the other journeys.
 */
type Month = { value: string; name: string; monthOnly: string };

/** The month `offset` months from the one in force in the UK today. */
function monthFromNow(offset: number): Month {
  const [year, month] = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
  })
    .format(new Date())
    .split("-")
    .map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 + offset, 1));
  const monthOnly = date.toLocaleDateString("en-GB", { month: "long", timeZone: "UTC" });
  const name = `${monthOnly} ${date.getUTCFullYear()}`;
  return { value: date.toISOString().slice(0, 7), name, monthOnly };
}

const [before, inForce, next, afterNext] = [-1, 0, 1, 2].map(monthFromNow) as [Month, Month, Month, Month];
const amiloride = { code: "1034611000001106", medicine: "Amiloride 5mg tablets" };

/** Part VIIIA as NHSBSA publishes it, Amiloride at `pence` (£12.00 now, £15.00 from next month). */
const partViiia = (month: Month, pence: number) =>
  viiiaCsv(
    month.name,
    viiiaRows.map((row) => (row[4] === amiloride.code ? [...row.slice(0, 6), pence] : row)),
  );

/** Northern Ireland's Part I, in the layout docs/data-formats.md defines. */
const northernIrelandPartI = [
  "Medicine,Pack size,Unit of measure,VMP Snomed Code,VMPP Snomed Code,Drug Tariff Category,Basic Price",
  ...viiiaRows.map((row) =>
    [row[0], row[1], row[2], row[3], row[4], String(row[5]).replace("Part VIIIA", "Part I"), row[6]]
      .map((cell) => `"${String(cell)}"`)
      .join(","),
  ),
].join("\n");

const test = base.extend<object, { product: RunningProduct }>({
  product: [
    async ({}, use) => {
      const product = await startProduct({
        port: await freePort(),
        databaseUrl: "",
        output: "collect",
        env: {
          SAMPLE_DATA: "0",
          DEMO_SEED: "1",
          TRUSTED_PROXIES: "127.0.0.1,::1,::ffff:127.0.0.1",
        },
      });
      await use(product);
      await product.stop();
    },
    { scope: "worker", timeout: 600_000 },
  ],
  baseURL: async ({ product }, use) => use(product.base),
});

test("next month published early: every page stays on the month in force and offers the months ahead from their 1st", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "ahead-"));
  const files = [
    [`Drug Tariff Part VIIIA ${before.name}.csv`, partViiia(before, 1200)],
    [`Drug Tariff Part VIIIA ${inForce.name}.csv`, partViiia(inForce, 1200)],
    [`Drug Tariff Part VIIIA ${next.name}.csv`, partViiia(next, 1500)],
    [`Drug Tariff Part VIIIA ${afterNext.name}.csv`, partViiia(afterNext, 1500)],
    [`NI Drug Tariff Part I ${inForce.name}.csv`, Buffer.from(northernIrelandPartI)],
  ] as const;
  for (const [name, content] of files) fs.writeFileSync(path.join(folder, name), content);

  // The owner uploads all five at once.
  await signInByApi(page, baseURL!, demo.owner);
  await page.goto("/user-master-management");
  await page.getByRole("link", { name: "Data imports" }).click();
  await page.getByLabel("or choose files:").setInputFiles(files.map(([name]) => path.join(folder, name)));
  for (const [name] of files)
    await expect(page.getByTestId("upload-item").filter({ hasText: name })).toContainText("imported", {
      timeout: 90_000,
    });
  fs.rmSync(folder, { recursive: true, force: true });

  // A subscriber in England & Wales: Part VIIIA opens on the month in force.
  await signInByApi(page, baseURL!, demo.admin);
  await page.goto("/drug-tariff-parts/partviiia");
  const table = page.getByRole("region", { name: `Part VIIIA, ${inForce.name}` }).getByRole("table");
  const row = table.getByRole("row").filter({ hasText: amiloride.medicine });
  await expect(row).toContainText("£12.00");
  // The freshness line names the month on screen and the months published ahead.
  await expect(page.getByTestId("data-freshness")).toContainText(`Showing ${inForce.name}`);
  await expect(page.getByTestId("data-freshness")).toContainText(
    `${next.name} and ${afterNext.name} are published: in force from 1 ${next.monthOnly} and from 1 ${afterNext.monthOnly}`,
  );
  // The months ahead are offered from their 1st, above the month in force.
  const monthMenu = page.getByLabel("Month", { exact: true });
  const options = monthMenu.getByRole("option");
  await expect(options.first()).toHaveText(`${afterNext.name} (from 1 ${afterNext.monthOnly})`);
  expect((await options.allTextContents()).slice(0, 4)).toEqual([
    `${afterNext.name} (from 1 ${afterNext.monthOnly})`,
    `${next.name} (from 1 ${next.monthOnly})`,
    inForce.name,
    before.name,
  ]);
  await expect(monthMenu).toHaveValue(inForce.value);
  await expectNoAxeViolations(page);

  // Chosen, a month ahead shows its prices.
  await monthMenu.selectOption(next.value);
  await expect(page).toHaveURL(new RegExp(`month=${next.value}`));
  await expect(
    page
      .getByRole("region", { name: `Part VIIIA, ${next.name}` })
      .getByRole("row")
      .filter({ hasText: amiloride.medicine }),
  ).toContainText("£15.00");

  // The product page: the price in force, and what changes from the 1st of each month ahead.
  await page.goto(`/drug-tariff-parts/partviiia`);
  await row.getByRole("link", { name: amiloride.medicine }).click();
  const current = page.getByRole("region", { name: "Current price" });
  await expect(current.getByText(inForce.name).first()).toBeVisible();
  const coming = current.getByRole("region", { name: `From 1 ${next.monthOnly} ${next.value.slice(0, 4)}` });
  await expect(coming).toContainText(`these figures apply from 1 ${next.monthOnly}.`);
  await expect(coming.getByRole("listitem").filter({ hasText: "England & Wales" })).toContainText("→");
  // Northern Ireland has published only the month in force: the months ahead are not published yet.
  const northernIreland = coming.getByRole("listitem").filter({ hasText: "Northern Ireland" });
  await expect(northernIreland).toContainText("Not published yet.");
  await expect(current).not.toContainText("Not listed");
  await expect(
    current.getByRole("region", { name: `From 1 ${afterNext.monthOnly} ${afterNext.value.slice(0, 4)}` }),
  ).toBeVisible();
  // Month by month: Northern Ireland's months ahead are to come, months before the first loaded are
  // missing from the database, and neither is the pack delisted.
  const byMonth = page.getByRole("region", { name: /^Effective reimbursement of .*, last \d+ months$/ });
  const monthRow = (label: string) => byMonth.getByRole("row").filter({ hasText: label });
  await expect(monthRow(`${next.name} (from 1 ${next.monthOnly})`)).toContainText("Not published yet");
  await expect(monthRow(monthFromNow(-3).name)).toContainText("No data loaded");
  await expect(byMonth).not.toContainText("Not listed");
  await expectNoAxeViolations(page);
});
