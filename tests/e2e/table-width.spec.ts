import type { Locator } from "@playwright/test";

import { createPerson, queryRows } from "./database";
import { expect, signInByApi, test, uniqueEmail } from "./fixtures";

/**
 * A list on a laptop (1280 × 800, the sidebar beside it): a row's action stays in view however the
 * table is scrolled sideways, and a code is never cut off by the column beside it or the table's edge.
 */
test.use({ viewport: { width: 1280, height: 800 } });

/** The element's box lies inside the table's visible box (and so inside the window). */
async function expectInView(element: Locator, region: Locator) {
  const [box, frame] = [await element.boundingBox(), await region.boundingBox()];
  expect(box && frame).toBeTruthy();
  expect(box!.x).toBeGreaterThanOrEqual(frame!.x - 0.5);
  expect(box!.x + box!.width).toBeLessThanOrEqual(frame!.x + frame!.width + 0.5);
  expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
}

/** Scrolls the table sideways to its start or end. */
const scrollTo = (region: Locator, end: "start" | "end") =>
  region.evaluate((element, to) => {
    element.scrollLeft = to === "end" ? element.scrollWidth : 0;
  }, end);

test("a watchlist row's Remove stays in view at 1280 px wide, however the table is scrolled", async ({
  page,
  baseURL,
}) => {
  const person = await createPerson(uniqueEmail("wide-watch"), { subscribed: true });
  const [list] = await queryRows<{ id: string }>(
    "insert into watchlists (owner_id, name) values ($1, 'Wide lines') returning id",
    [person.id],
  );
  await queryRows(
    `insert into watchlist_items (watchlist_id, kind, code)
     select $1, 'drug', vmpp_snomed_code from part_viiia_prices
      where edition = 1 and period = (select max(period) from part_viiia_prices where edition = 1)
      order by length(medicine) desc limit 3`,
    [list!.id],
  );
  await signInByApi(page, baseURL!, person.email, person.password);
  await page.goto(`/manage-watchlists-login?list=${list!.id}`);
  const region = page.getByRole("region", { name: "Packs on the watchlist Wide lines" });
  const remove = region.getByRole("button", { name: /^Remove .* from Wide lines$/ }).first();
  await expect(remove).toBeVisible();
  await expectInView(remove, region);
  await scrollTo(region, "end");
  await expectInView(remove, region);
  await scrollTo(region, "start");
  await expectInView(remove, region);
});

test("Part VIIIA's codes are whole and in view at 1280 px wide, without scrolling sideways", async ({
  page,
  baseURL,
}) => {
  const person = await createPerson(uniqueEmail("wide-codes"), { subscribed: true });
  await signInByApi(page, baseURL!, person.email, person.password);
  await page.goto("/drug-tariff-parts/partviiia");
  const region = page.getByRole("region", { name: /^Part VIIIA, / });
  const row = region.getByRole("row").nth(1);
  await expect(row).toBeVisible();
  const header = (name: string) => region.getByRole("columnheader", { name });
  const columnIndex = async (name: string) =>
    header(name).evaluate((cell) => [...cell.parentElement!.children].indexOf(cell));
  const nameCell = row.getByRole("cell").first();
  for (const name of ["VMP code", "VMPP code"]) {
    const cell = row.getByRole("cell").nth(await columnIndex(name));
    expect((await cell.innerText()).trim(), name).toMatch(/^\d{6,18}$/);
    // The whole code is drawn inside its cell, and the cell is in view without scrolling sideways.
    expect(await cell.evaluate((element) => element.scrollWidth <= element.clientWidth), name).toBe(true);
    await expectInView(cell, region);
    const [nameBox, codeBox] = [await nameCell.boundingBox(), await cell.boundingBox()];
    expect(codeBox!.x, name).toBeGreaterThanOrEqual(nameBox!.x + nameBox!.width - 0.5);
  }
});
