import { expectNoAxeViolations } from "../fixtures/axe";
import { createPerson, queryRows } from "./database";
import { exportCsv } from "./exports";
import {
  demo,
  expect,
  expectNoSidewaysScroll,
  signInByApi,
  test,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";

/**
 * A Part VIIIA pack listed in the latest England & Wales month; each project takes its own, so the
 * phone and desktop runs of one test never touch the same row of the demo admin's watchlists.
 */
async function latestPack(offset: number) {
  const [pack] = await queryRows<{ code: string; medicine: string }>(
    `select vmpp_snomed_code as code, medicine from part_viiia_prices
      where edition = 1 and vmpp_snomed_code is not null
        and period = (select max(period) from part_viiia_prices where edition = 1)
      order by medicine, vmpp_snomed_code offset ${offset} limit 1`,
  );
  return pack!;
}

test("the demo admin adds a pack from its page, sees it with prices on Watchlists, exports the CSV and removes it", async ({
  page,
  baseURL,
}, testInfo) => {
  // Several pages, each checked with axe: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const pack = await latestPack(10 + testInfo.project.name.length);
  const listName = `Fridge lines ${testInfo.project.name} ${Date.now().toString(36)}`;
  await signInByApi(page, baseURL!, demo.admin);

  await page.goto("/manage-watchlists-login");
  await expect(page.getByRole("heading", { level: 1, name: "Watchlists" })).toBeVisible();
  const newName = page.getByLabel("New watchlist");
  await waitForHydration(newName);
  await newName.fill(listName);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("heading", { level: 2, name: listName })).toBeVisible();
  await expect(page.getByText("No packs on this watchlist yet.")).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  await page.goto(`/drug-info/${pack.code}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(pack.medicine);
  const choice = page.getByLabel("Watchlist", { exact: true });
  await waitForHydration(choice);
  await choice.selectOption({ label: listName });
  await page.getByRole("button", { name: `Add to watchlist ${pack.medicine}` }).click();
  await expect(page.getByText(`Added to ${listName}.`)).toBeVisible();
  await expect(page.getByRole("button", { name: `Remove from watchlist ${pack.medicine}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  await page.getByRole("link", { name: "View watchlist" }).click();
  await expect(page.getByRole("heading", { level: 2, name: listName })).toBeVisible();
  const table = page.getByRole("region", { name: `Packs on the watchlist ${listName}` });
  const row = table.getByRole("row").filter({ hasText: pack.medicine });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/£\d+\.\d\d/);
  await expect(row).toContainText("Part VIIIA");
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  // Figures a spreadsheet adds up; the sparkline, drawn for the eye and named for a screen reader, is left out.
  const csv = await exportCsv(page);
  expect(csv.name).toMatch(/^watchlist-fridge-lines-.+\.csv$/);
  expect(csv.header).toEqual([
    "Name",
    "Pack",
    "Price (£)",
    "Net price (£)",
    "Last month (£)",
    "Net next month (£)",
    "Change (£)",
    "Change (%)",
    "Concession",
    "Concession price (£)",
    "Part",
    "Category",
    "Flags",
    "SNOMED code",
  ]);
  expect(csv.records).toHaveLength(1);
  expect(csv.records[0]!["SNOMED code"]).toBe(pack.code);
  expect(csv.records[0]!["Price (£)"]).toMatch(/^\d+\.\d{2}$/);
  expect(csv.rows[0]!.join()).not.toContain("months' prices");

  await row.getByRole("button", { name: `Remove ${pack.medicine} from ${listName}` }).click();
  await expect(page.getByText("No packs on this watchlist yet.")).toBeVisible();

  // Leave the demo admin's watchlists as they were.
  await page.getByRole("button", { name: "Delete watchlist" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { level: 2, name: listName })).toHaveCount(0);
});

test("the demo admin adds two Part VIIIA rows (one by its Add, one ticked and added), sees them with prices and sparklines, filters and exports", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const first = await latestPack(50 + testInfo.project.name.length);
  const second = await latestPack(70 + testInfo.project.name.length);
  const listName = `Bulk lines ${testInfo.project.name} ${Date.now().toString(36)}`;
  await signInByApi(page, baseURL!, demo.admin);

  await page.goto("/manage-watchlists-login");
  const newName = page.getByLabel("New watchlist");
  await waitForHydration(newName);
  await newName.fill(listName);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("heading", { level: 2, name: listName })).toBeVisible();

  // One row by its own Add.
  await page.goto(`/drug-tariff-parts/partviiia?searchTerm=${first.code}`);
  const choice = page.getByLabel("Add to watchlist", { exact: true });
  await waitForHydration(choice);
  await choice.selectOption({ label: listName });
  await page
    .getByRole("button", { name: `Add ${first.medicine} to ${listName}` })
    .first()
    .click();
  await expect(page.getByText(`Added 1 pack to ${listName}.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  // Another ticked, then added with the selection, from the keyboard.
  await page.goto(`/drug-tariff-parts/partviiia?searchTerm=${second.code}`);
  await waitForHydration(choice);
  await choice.selectOption({ label: listName });
  const tick = page.getByRole("checkbox", { name: `Select ${second.medicine}` }).first();
  await tick.focus();
  await page.keyboard.press("Space");
  await expect(tick).toBeChecked();
  const addSelected = page.getByRole("button", { name: "Add selected (1)" });
  await addSelected.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Added 1 pack to ${listName}.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  await page.getByRole("link", { name: "View watchlist" }).click();
  await expect(page.getByRole("heading", { level: 2, name: listName })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Changes since your last visit" })).toBeVisible();
  const table = page.getByRole("region", { name: `Packs on the watchlist ${listName}` });
  for (const pack of [first, second]) {
    const row = table.getByRole("row").filter({ hasText: pack.medicine });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(/£\d+\.\d\d/);
    await expect(row.getByRole("img", { name: /prices?[,:]? / })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  const filter = page.getByLabel("Name or code");
  await waitForHydration(filter);
  await filter.fill(first.code);
  await expect(table.getByRole("row").filter({ hasText: second.medicine })).toHaveCount(0);
  await expect(table.getByRole("row").filter({ hasText: first.medicine })).toHaveCount(1);
  await expectNoAxeViolations(page);

  const csv = await exportCsv(page);
  expect(csv.records.map((record) => record["SNOMED code"])).toEqual([first.code]);

  // Leave the demo admin's watchlists as they were.
  await page.getByRole("button", { name: "Delete watchlist" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { level: 2, name: listName })).toHaveCount(0);
});

test("a visitor's 'Add to watchlist' signs them in and brings them back to the pack", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const pack = await latestPack(30 + testInfo.project.name.length);
  const person = await createPerson(uniqueEmail("watch"), { subscribed: true });
  await page.goto(`/drug-info/${pack.code}`);
  await page.getByRole("link", { name: "Add to watchlist" }).click();
  await expect(page).toHaveURL(/\/account-management\/signin\?redirect=%2Fdrug-info%2F\d+$/);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(new RegExp(`/drug-info/${pack.code}$`), { timeout: 30_000 });

  const add = page.getByRole("button", { name: `Add to watchlist ${pack.medicine}` });
  await waitForHydration(add);
  await add.click();
  await expect(page.getByText("Added to My watchlist.")).toBeVisible();
  await page.goto("/manage-watchlists-login");
  await expect(page.getByRole("heading", { level: 2, name: "My watchlist" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: pack.medicine })).toHaveCount(1);

  // Alerts are chosen beside the personal details.
  await page.goto("/account-management/dashboard?section=personal-details");
  const threshold = page.getByLabel("Smallest price change to tell me about (%)");
  await waitForHydration(threshold);
  await threshold.fill("5");
  const weekly = /Once a week/;
  await page.getByRole("radio", { name: weekly }).check();
  const marginLosses = "Include margin-check lines that turn loss-making";
  await page.getByRole("checkbox", { name: marginLosses }).check();
  await page.getByRole("button", { name: "Save alert preferences" }).click();
  await expect(page.getByText("Alert preferences saved")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByLabel("Smallest price change to tell me about (%)")).toHaveValue("5");
  await expect(page.getByRole("radio", { name: weekly })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: marginLosses })).toBeChecked();
});

test("the demo admin adds a Branded Products row and, from the keyboard, a search result; both are on the watchlist", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  // The search adds to the user's first watchlist. One made long ago stays the demo admin's first
  // while the other tests here make and delete theirs; each project adds and removes its own packs.
  const listName = "Demo picks";
  await queryRows(
    `insert into watchlists (owner_id, name, created_at)
      select id, $2, '2000-01-01' from profiles where email = $1 on conflict do nothing`,
    [demo.admin, listName],
  );
  const packs = await queryRows<{ code: string; name: string }>(
    `select ampp_snomed_code as code, name from branded_packs
      where edition = 1 and ampp_snomed_code is not null
        and period = (select max(period) from branded_packs where edition = 1)
      order by name, ampp_snomed_code offset ${40 + 20 * testInfo.project.name.length} limit 2`,
  );
  const [row, found] = [packs[0]!, packs[1]!];
  await signInByApi(page, baseURL!, demo.admin);

  await page.goto(`/brands?searchTerm=${row.code}`);
  const choice = page.getByLabel("Add to watchlist", { exact: true });
  await waitForHydration(choice);
  await choice.selectOption({ label: listName });
  const add = page.getByRole("button", { name: `Add ${row.name} to ${listName}` }).first();
  await add.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Added 1 pack to ${listName}.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  // The search, from the keyboard only: Ctrl+K, the code, Alt+W on the highlighted result.
  await expect(async () => {
    await page.keyboard.press("Control+k");
    await expect(page.getByRole("combobox", { name: "Search the whole of TariffScope" })).toBeFocused({
      timeout: 1_000,
    });
  }).toPass({ timeout: 45_000 });
  await page.keyboard.type(found.code);
  const dialog = page.getByRole("dialog", { name: "Search" });
  const bar = dialog.getByRole("group", { name: "Highlighted result" });
  await expect(bar).toContainText(`Highlighted: ${found.name}`, { timeout: 30_000 });
  await expect(bar.getByRole("button", { name: "Add to watchlist" })).toHaveAttribute(
    "aria-keyshortcuts",
    "Alt+W",
  );
  await page.keyboard.press("Alt+w");
  await expect(bar).toContainText(`Added ${found.name} to ${listName}.`);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  const view = bar.getByRole("link", { name: "View watchlist" });
  await view.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);

  await expect(page).toHaveURL(/\/manage-watchlists-login\?list=/);
  await expect(page.getByRole("heading", { level: 2, name: listName })).toBeVisible();
  const table = page.getByRole("region", { name: `Packs on the watchlist ${listName}` });
  for (const pack of [row, found])
    await expect(table.getByRole("row").filter({ hasText: pack.name })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  // Leave the demo admin's list as it was.
  for (const pack of [row, found]) {
    await table.getByRole("button", { name: `Remove ${pack.name} from ${listName}` }).click();
    await expect(table.getByRole("row").filter({ hasText: pack.name })).toHaveCount(0);
  }
});
