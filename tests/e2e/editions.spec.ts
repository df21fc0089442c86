import type { Page } from "@playwright/test";

import { listTitle, lists } from "../../src/features/tariff/lists";
import { formatPence, poundsFigure } from "../../src/lib/tariff-vocabulary";
import { createPerson, queryRows } from "./database";
import { exportCsv } from "./exports";
import { expect, openAppMenu, signInByApi, test, uniqueEmail } from "./fixtures";

/**
 * A price list shows the edition in force the moment the user changes country: never the other
 * edition's prices under this one's heading, on screen or in the export.
 */
/** The exported basic prices of a medicine, as a spreadsheet reads them. */
const priceOf = (records: Record<string, string>[], medicine: string) =>
  records.filter((record) => record.Medicine === medicine).map((record) => record["Basic price (£)"]);

const table = (page: Page) => page.getByRole("region", { name: /,/ }).getByRole("table");

async function chooseEdition(page: Page, name: "England & Wales" | "Northern Ireland") {
  const menu = await openAppMenu(page);
  const radio = menu.getByRole("radio", { name });
  // The choice changes only once the profile is saved: click, then wait for it.
  await radio.click();
  await expect(radio).toBeChecked();
  if (page.viewportSize()!.width < 768) await page.keyboard.press("Escape");
}

test("changing country shows the other edition's prices at once, and the export holds them", async ({
  page,
  baseURL,
}) => {
  // A pack priced differently in the two editions in the latest month both publish.
  const [pack] = await queryRows<{ medicine: string; month: string; ew: number; ni: number }>(
    `select e.medicine, to_char(e.period, 'YYYY-MM') as month,
            e.basic_price_pence as ew, n.basic_price_pence as ni
       from part_viiia_prices e
       join part_viiia_prices n on n.vmpp_snomed_code = e.vmpp_snomed_code and n.period = e.period and n.edition = 2
      where e.edition = 1 and e.basic_price_pence <> n.basic_price_pence
        and e.period = (select max(period) from part_viiia_prices where edition = 2)
        and (select count(*) from part_viiia_prices d
              where d.period = e.period and d.medicine = e.medicine) = 2
      order by e.medicine limit 1`,
  );
  expect(pack, "the sample data prices a pack differently in the two editions").toBeTruthy();
  const person = await createPerson(uniqueEmail("editions"), { subscribed: true });
  await signInByApi(page, baseURL!, person.email, person.password);

  await page.goto(
    `/drug-tariff-parts/partviiia?month=${pack!.month}&searchTerm=${encodeURIComponent(pack!.medicine)}`,
  );
  const row = table(page).getByRole("row").filter({ hasText: pack!.medicine });
  await expect(row).toContainText(formatPence(pack!.ew));

  await chooseEdition(page, "Northern Ireland");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Part I");
  await expect(row).toContainText(formatPence(pack!.ni));
  await expect(row).not.toContainText(formatPence(pack!.ew));
  const ni = await exportCsv(page);
  expect(ni.name).toBe(`part-viiia-ni-${pack!.month}.csv`);
  expect(priceOf(ni.records, pack!.medicine)).toEqual([poundsFigure(pack!.ni)]);

  await chooseEdition(page, "England & Wales");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Part VIIIA");
  await expect(row).toContainText(formatPence(pack!.ew));
  await expect(row).not.toContainText(formatPence(pack!.ni));
  const ew = await exportCsv(page);
  expect(ew.name).toBe(`part-viiia-ew-${pack!.month}.csv`);
  expect(priceOf(ew.records, pack!.medicine)).toEqual([poundsFigure(pack!.ew)]);
});

/** The first rows of the table as text, once it has rows. */
async function firstRows(page: Page): Promise<string[]> {
  const rows = table(page).getByRole("row");
  await expect(rows.nth(1)).toBeVisible();
  // A loaded machine can take a while over a month of Part IX.
  await expect(table(page)).not.toContainText("Loading rows…", { timeout: 30_000 });
  return Promise.all([0, 1, 2, 3].map((index) => rows.nth(index).innerText()));
}

// Every list that Northern Ireland publishes for itself, switched from England & Wales. The switch
// itself on a phone is driven by the test above; what each list then shows is the same at any width.
for (const spec of Object.values(lists).filter((list) => !list.ewOnly))
  test(`${spec.title} follows a change of country without a reload: it shows what a fresh load shows, and its export is named for the edition`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const person = await createPerson(uniqueEmail("editions-every-list"), { subscribed: true });
    await signInByApi(page, baseURL!, person.email, person.password);
    await page.goto(spec.path);
    await firstRows(page);
    await chooseEdition(page, "Northern Ireland");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(listTitle(spec, 2));

    // A page loaded afresh in the new country is the reference for what the switched page shows.
    const fresh = await page.context().newPage();
    await fresh.goto(spec.path);
    const expected = await firstRows(fresh);
    await fresh.close();
    await expect.poll(() => firstRows(page)).toEqual(expected);

    const { name } = await exportCsv(page);
    expect(name).toMatch(new RegExp(`^${spec.fileStem}-ni-\\d{4}-\\d{2}\\.csv$`));
  });
