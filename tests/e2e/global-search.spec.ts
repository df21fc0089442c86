import type { Locator, Page } from "@playwright/test";

import { expectNoAxeViolations } from "../fixtures/axe";
import { createPerson, queryRows } from "./database";
import { demo, expect, openAppMenu, signInByApi, signInElsewhere, test, uniqueEmail } from "./fixtures";

/** The global search dialog: opened anywhere in the app, by name, misspelling or code. */

const searchBox = (page: Page) => page.getByRole("combobox", { name: "Search the whole of TariffScope" });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Search" });
/** A part's section: a group of options named by its heading, e.g. "Part VIIIA: 12 results. …". */
const section = (page: Page, title: string) =>
  dialog(page).getByRole("group", { name: new RegExp(`^${title}\\s*:`) });

async function latestViiia(): Promise<string> {
  const [row] = await queryRows<{ period: string }>(
    `select to_char(max(period), 'YYYY-MM-DD') as period from part_viiia_prices where edition = 1`,
  );
  return row!.period;
}

// A loaded machine can take its time over a journey of several searches.
test.beforeEach(() => test.slow());

async function openWithShortcut(page: Page) {
  await page.goto("/drug-tariff-parts/partviiia");
  // The shortcut works once the page has hydrated: press until it opens.
  await expect(async () => {
    await page.keyboard.press("Control+k");
    await expect(searchBox(page)).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await expect(searchBox(page)).toHaveAttribute("placeholder", "Search the whole of TariffScope");
}

/** The first result of a section, as text. */
const firstResult = (group: Locator) => group.getByRole("option").first();

/** The search's announcement once the answer for `term` is shown. */
async function expectAnswerFor(page: Page, term: string) {
  await expect(dialog(page).getByRole("status")).toContainText(new RegExp(`\\d+ results? for ${term} in `), {
    timeout: 30_000,
  });
}

/** One wrong letter in the middle of a word: `amlodepine`. */
function misspell(word: string): string {
  const lower = word.toLowerCase();
  const middle = Math.floor(lower.length / 2);
  return lower.slice(0, middle) + (lower[middle] === "e" ? "a" : "e") + lower.slice(middle + 1);
}

test("Ctrl+K opens the search; a name prefix, a misspelling and a VMPP code each show their pack first", async ({
  page,
  baseURL,
}) => {
  await signInByApi(page, baseURL!, demo.admin);
  const period = await latestViiia();
  const [prefixed] = await queryRows<{ prefix: string; medicine: string }>(
    `select lower(left(medicine, 5)) as prefix, medicine from part_viiia_prices
      where edition = 1 and period = $1::date and medicine ~ '^[A-Za-z]{5}'
      order by medicine, pack_size limit 1 offset 20`,
    [period],
  );
  const [expectedForPrefix] = await queryRows<{ medicine: string; category: string }>(
    `select medicine, category from part_viiia_prices
      where edition = 1 and period = $1::date and medicine ilike $2 || '%'
      order by medicine, pack_size limit 1`,
    [period, prefixed!.prefix],
  );
  // A medicine's name of 7 to 10 letters: one wrong letter in it is a near spelling at the
  // matcher's own threshold, and was none at PostgreSQL's default.
  const [misspelt] = await queryRows<{ word: string }>(
    `select distinct substring(medicine from '^[A-Z][a-z]{6,9}') as word from part_viiia_prices
      where edition = 1 and period = $1::date and medicine ~ '^[A-Z][a-z]{6,9} [0-9]'
      order by word limit 1`,
    [period],
  );
  const [coded] = await queryRows<{ medicine: string; pack: string; code: string }>(
    `select medicine, pack_size::float8 || ' ' || unit_of_measure as pack, vmpp_snomed_code as code
      from part_viiia_prices
      where edition = 1 and period = $1::date and vmpp_snomed_code is not null
      order by medicine desc, pack_size desc limit 1`,
    [period],
  );
  await openWithShortcut(page);
  const viiia = section(page, "Part VIIIA");

  await searchBox(page).fill(prefixed!.prefix);
  await expectAnswerFor(page, prefixed!.prefix);
  await expect(firstResult(viiia)).toContainText(expectedForPrefix!.medicine);
  // Each result names its category.
  await expect(firstResult(viiia)).toContainText(`Category ${expectedForPrefix!.category}`);
  await expectNoAxeViolations(page);

  const typo = misspell(misspelt!.word);
  await searchBox(page).fill(typo);
  await expectAnswerFor(page, typo);
  await expect(firstResult(viiia).locator("span.font-medium").first()).toHaveText(
    new RegExp(`^${misspelt!.word} `),
  );

  await searchBox(page).fill(coded!.code);
  await expectAnswerFor(page, coded!.code);
  await expect(firstResult(viiia)).toContainText(`${coded!.medicine} · ${coded!.pack}`);
});

test("keyboard only: Ctrl+K, type, arrow to a result, Escape gives focus back, Enter opens the result", async ({
  page,
  baseURL,
}) => {
  await signInByApi(page, baseURL!, demo.admin);
  await page.goto("/drug-tariff-parts/partviiia");
  const listSearch = page.getByRole("searchbox", { name: "Search medicines" });
  await listSearch.focus();
  await expect(async () => {
    await page.keyboard.press("Control+k");
    await expect(searchBox(page)).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await page.keyboard.type("tab");
  await expectAnswerFor(page, "tab");
  const options = section(page, "Part VIIIA").getByRole("option");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
  await expect(listSearch).toBeFocused();

  await page.keyboard.press("Control+k");
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type("tab");
  await expectAnswerFor(page, "tab");
  await page.keyboard.press("ArrowDown");
  const chosen = (await options.nth(1).locator("span.font-medium").first().innerText()).trim();
  await page.keyboard.press("Enter");
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/drug-info\//);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(chosen);
});

test(
  "the parts that found something come first, and the empty ones share one line, on a phone too",
  { tag: "@phone" },
  async ({ page, baseURL }) => {
    await signInByApi(page, baseURL!, demo.admin);
    await openWithShortcut(page);
    // Only appliances are colostomy bags: Part IX finds them, most parts nothing.
    await searchBox(page).fill("colostomy");
    await expectAnswerFor(page, "colostomy");
    const groups = dialog(page).getByRole("listbox", { name: "Search results" }).getByRole("group");
    await expect(groups.first()).toHaveAccessibleName(/^Part IX\s*:/);
    const count = await groups.count();
    const folded = groups.nth(count - 1);
    await expect(folded).toHaveAccessibleName(/^No Results Found in (Part|Category|Price|Branded)/);
    await expect(folded.getByRole("option")).toHaveCount(0);
    await expect(dialog(page).getByText("No Results Found", { exact: true })).toHaveCount(0);
    for (let at = 0; at < count - 1; at++)
      expect(await groups.nth(at).getByRole("option").count()).toBeGreaterThan(1);
    // The first result is on screen as the answer arrives, highlighted for the keyboard.
    const first = groups.first().getByRole("option").first();
    await expect(first).toBeInViewport();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expectNoAxeViolations(page);
    const chosen = (await first.locator("span.font-medium").first().innerText()).trim();
    await page.keyboard.press("Enter");
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/appliance-info\//);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(chosen);
  },
);

test("'View all results' opens the part's page with searchTerm and the same first row", async ({
  page,
  baseURL,
}) => {
  await signInByApi(page, baseURL!, demo.admin);
  await openWithShortcut(page);
  await searchBox(page).fill("tab");
  const viiia = section(page, "Part VIIIA");
  const first = (await firstResult(viiia).locator("span.font-medium").first().innerText()).trim();
  await viiia.getByRole("option", { name: /View all results/ }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/drug-tariff-parts\/partviiia\?.*searchTerm=tab/);
  const list = page.getByRole("region", { name: /^Part VIIIA, / });
  await expect(list.getByRole("link").first()).toHaveText(first);
  await expectNoAxeViolations(page);
});

test("Northern Ireland hides the Part VIIIB and VIIID filters, and England & Wales brings them back on", async ({
  page,
  baseURL,
}) => {
  const person = await createPerson(uniqueEmail("search-ni"), { subscribed: true });
  await signInByApi(page, baseURL!, person.email, person.password);
  await openWithShortcut(page);
  const filters = () => dialog(page).getByRole("button", { name: "Select Parts to Search" });
  await filters().click();
  const box = (name: string) => page.getByRole("checkbox", { name, exact: true });
  await expect(box("Part VIIIB")).toBeChecked();
  await box("Part VIIIB").uncheck();
  await box("Part IX").uncheck();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);

  const choose = async (name: string) => {
    const menu = await openAppMenu(page);
    const radio = menu.getByRole("radio", { name });
    await radio.click();
    await expect(radio).toBeChecked();
    if (page.viewportSize()!.width < 768) await page.keyboard.press("Escape");
  };
  await choose("Northern Ireland");
  await page.keyboard.press("Control+k");
  await filters().click();
  await expect(box("Part VIIIB")).toHaveCount(0);
  await expect(box("Part VIIID")).toHaveCount(0);
  await expect(box("Part I")).toBeChecked();
  await expect(box("Part II & III")).not.toBeChecked();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");

  await choose("England & Wales");
  await page.keyboard.press("Control+k");
  await filters().click();
  await expect(box("Part VIIIB")).toBeChecked();
  await expect(box("Part VIIID")).toBeChecked();
  await expect(box("Part IX")).not.toBeChecked();
});

test("the parts chosen are remembered for the user: a new browser opens the search with the same choice", async ({
  page,
  baseURL,
  browser,
}) => {
  const person = await createPerson(uniqueEmail("search-parts"), { subscribed: true });
  await signInByApi(page, baseURL!, person.email, person.password);
  await openWithShortcut(page);
  await dialog(page).getByRole("button", { name: "Select Parts to Search" }).click();
  await page.getByRole("checkbox", { name: "Part IX", exact: true }).uncheck();
  await page.getByRole("checkbox", { name: "Price Concessions", exact: true }).uncheck();
  // Saved on the profile, not in this browser.
  await expect
    .poll(async () => {
      const [row] = await queryRows<{ off: string[] }>(
        "select search_parts_off as off from profiles where id = $1",
        [person.id],
      );
      return row!.off;
    })
    .toEqual(["ix", "concessions"]);

  const elsewhere = await signInElsewhere(browser, baseURL!, person);
  try {
    await openWithShortcut(elsewhere.page);
    await dialog(elsewhere.page).getByRole("button", { name: "Select Parts to Search" }).click();
    const box = (name: string) => elsewhere.page.getByRole("checkbox", { name, exact: true });
    await expect(box("Part IX")).not.toBeChecked();
    await expect(box("Price Concessions")).not.toBeChecked();
    await expect(box("Part VIIIA")).toBeChecked();
    await elsewhere.page.keyboard.press("Escape");
    await searchBox(elsewhere.page).fill("tab");
    await expectAnswerFor(elsewhere.page, "tab");
    await expect(section(elsewhere.page, "Part IX")).toHaveCount(0);
    await expect(section(elsewhere.page, "Part VIIIA")).toHaveCount(1);
  } finally {
    await elsewhere.context.close();
  }
});

test("'View all results' opens on the rows the section showed: word starts only, as many as it counted", async ({
  page,
  baseURL,
}) => {
  await signInByApi(page, baseURL!, demo.admin);
  const period = await latestViiia();
  // Four letters that begin a medicine's name and sit inside a word of another name, at no word start there.
  const [pick] = await queryRows<{ term: string; inside: string }>(
    `with names as (select distinct medicine from part_viiia_prices where edition = 1 and period = $1::date),
          terms as (select distinct lower(left(medicine, 4)) as term from names where medicine ~ '^[A-Za-z]{4}')
     select t.term, min(n.medicine) as inside
       from terms t
       join names n on n.medicine ilike '%' || t.term || '%' and n.medicine !~* ('(^|[^[:alnum:]])' || t.term)
      group by t.term order by t.term limit 1`,
    [period],
  );
  expect(pick, "the sample has a name prefix found inside another name").toBeTruthy();

  await openWithShortcut(page);
  await searchBox(page).fill(pick!.term);
  await expectAnswerFor(page, pick!.term);
  const viiia = section(page, "Part VIIIA");
  // Each result's name: the first bold text of each option but 'View all results'.
  const shown = await viiia
    .getByRole("option")
    .filter({ hasNot: page.getByText("View all results") })
    .evaluateAll((options) =>
      options.map((option) => option.querySelector("span.font-medium")!.textContent!.trim()),
    );
  expect(shown.length).toBeGreaterThan(0);
  expect(shown).not.toContain(pick!.inside);
  // The count in the section's heading, which names the group ("Part VIIIA: 20 results. …").
  const heading = await viiia.evaluate(
    (group) => document.getElementById(group.getAttribute("aria-labelledby")!)!.textContent!,
  );
  const total = Number(/([\d,]+) results?/.exec(heading)![1]!.replace(/,/g, ""));

  await viiia.getByRole("option", { name: /View all results/ }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`searchTerm=${pick!.term}`));
  const list = page.getByRole("region", { name: /^Part VIIIA, / });
  await expect(page.getByText(/^[\d,]+ rows?$/)).toHaveText(
    new RegExp(`^${total.toLocaleString("en-GB")} rows?$`),
  );
  const names = await list
    .getByRole("row")
    .locator("td:first-child")
    .evaluateAll((cells) =>
      cells.map((cell) => {
        const copy = cell.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('[aria-hidden="true"]').forEach((label) => label.remove());
        return copy.textContent!.trim();
      }),
    );
  expect(names.slice(0, shown.length)).toEqual(shown);
  expect(names).not.toContain(pick!.inside);
  await expect(page.getByText(/^No exact matches/)).toHaveCount(0);
});
