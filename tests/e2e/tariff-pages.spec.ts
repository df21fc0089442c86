import type { Locator, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { lists as listSpecs } from "../../src/features/tariff/lists";
import { formatPence } from "../../src/lib/tariff-vocabulary";
import { expectNoAxeViolations } from "../fixtures/axe";
import { createPerson, queryRows } from "./database";
import { exportCsv } from "./exports";
import { expect, signInByApi, test, uniqueEmail, waitForHydration } from "./fixtures";

/** The price and reimbursement lists a subscriber opens (product §2.2, §2.3, brands and concessions). */
const lists = [
  ["/drug-tariff-parts/partviiia", "Part VIIIA"],
  ["/drug-tariff-parts/partviiib-specials", "Part VIIIB"],
  ["/drug-tariff-parts/partviiid-specials", "Part VIIID"],
  ["/drug-tariff-parts/partviii-category-m", "Category M"],
  ["/drug-tariff-parts/partix-appliances", "Part IX"],
  ["/drug-tariff-parts/acbs", "Borderline Substances (Part X)"],
  ["/reimbursement-info/partxviiia-blacklist", "Blacklisted Medicines"],
  ["/reimbursement-info/broken-bulk", "Broken Bulk"],
  ["/reimbursement-info/dental-formulary", "Dental Formulary"],
  ["/reimbursement-info/discontinued-list", "Discontinued List"],
  ["/reimbursement-info/zero-discount", "Discount Not Deducted"],
  ["/reimbursement-info/nurse-formulary", "Nurse Formulary"],
  ["/reimbursement-info/special-containers", "Special Container List"],
  ["/brands", "Branded Product Pricing"],
  ["/concession-prices", "Price Concessions"],
] as const;

async function signInSubscriber(page: Page, baseURL: string) {
  const person = await createPerson(uniqueEmail("lists"), { subscribed: true });
  await signInByApi(page, baseURL, person.email, person.password);
}

/** The table's row count line, e.g. "614 rows". */
async function rowCount(page: Page): Promise<number> {
  const text = await page.getByText(/^[\d,]+ rows?$/).innerText();
  return Number(text.replace(/[^\d]/g, ""));
}

const table = (page: Page) => page.getByRole("region", { name: /,/ }).getByRole("table");

/** Cells' text as a reader takes it in: without the column names a phone's card shows beside each value. */
function cellValues(cells: Locator): Promise<string[]> {
  return cells.evaluateAll((elements) =>
    elements.map((element) => {
      const copy = element.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((label) => label.remove());
      return copy.textContent!.trim();
    }),
  );
}

/** The cell of `row` under the column headed `header`. */
async function cellUnder(page: Page, row: Locator, header: string): Promise<Locator> {
  const index = await table(page)
    .getByRole("columnheader", { name: header, exact: true })
    .evaluate((cell) => (cell as HTMLTableCellElement).cellIndex);
  return row.locator("td").nth(index);
}

/** Fails unless `cell` is on screen whole: inside the viewport and not scrolled out of its table's box. */
async function expectWhollyInView(page: Page, cell: Locator, what: string) {
  const box = (await cell.boundingBox())!;
  const frame = (await page.getByRole("region", { name: /,/ }).boundingBox())!;
  const screen = page.viewportSize()!;
  expect(box.width, `${what} has room`).toBeGreaterThan(0);
  expect(box.x, `${what} starts in view`).toBeGreaterThanOrEqual(Math.max(frame.x, 0) - 0.5);
  expect(box.x + box.width, `${what} ends in view`).toBeLessThanOrEqual(
    Math.min(frame.x + frame.width, screen.width) + 0.5,
  );
}

/** The latest month loaded for an England & Wales part, as YYYY-MM. */
async function latestMonth(part: string): Promise<string> {
  const [row] = await queryRows<{ month: string }>(
    "select to_char(max(period), 'YYYY-MM') as month from tariff_datasets where edition = 1 and part = $1",
    [part],
  );
  return row!.month;
}

// Each list's width and axe are every-page's to check, once per list and width; this reads the rows.
test(
  "every list shows its rows for the latest month, its name and key figures in view",
  { tag: "@phone" },
  async ({ page, baseURL }) => {
    // Fifteen lists, each checked cell by cell, on a machine the other browser shares.
    test.setTimeout(180_000);
    await signInSubscriber(page, baseURL!);
    for (const [path, title] of lists) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      expect(await rowCount(page), `${path} has rows`).toBeGreaterThan(0);
      const first = table(page).getByRole("row").nth(1);
      await expect(first).toBeVisible();
      const spec = Object.values(listSpecs).find((list) => list.path === path)!;
      const name = spec.columns.find((column) => column.priority === "name")!;
      // The name leads to the pack's page, and an explained figure carries its explanation: made by
      // the table from the row's values (ADR 149).
      if (name.hrefKey)
        await expect(
          first.getByRole("link", { name: /\S/ }).first(),
          `${path} links its pack`,
        ).toHaveAttribute("href", /^\/(drug|brand|appliance)-info\/[^/?]+\?from=/);
      for (const column of spec.columns.filter((c) => c.hintKey))
        await expect(
          (await cellUnder(page, first, column.header)).locator("[title]"),
          `${path} explains its ${column.header}`,
        ).toHaveAttribute("title", /^\S.*\d/);
      if (page.viewportSize()!.width < 640) {
        // A phone's card: the name and the figures read with it (pack, price, net price) in view together.
        for (const column of spec.columns.filter((c) => c.priority === "name" || c.priority === "key"))
          await expectWhollyInView(
            page,
            await cellUnder(page, first, column.header),
            `${path}: ${column.header}`,
          );
      } else {
        // A table wider than the screen scrolls sideways under its name column, which stays in view.
        await page
          .getByRole("region", { name: /,/ })
          .evaluate((region) => (region.scrollLeft = region.scrollWidth));
        await expectWhollyInView(page, await cellUnder(page, first, name.header), `${path}: ${name.header}`);
      }
    }
  },
);

test(
  "sorting works at any width, and every control of a list is at least 24px square",
  { tag: "@phone" },
  async ({ page, baseURL }) => {
    await signInSubscriber(page, baseURL!);
    await page.goto("/drug-tariff-parts/partviiia");
    await expect(table(page).getByRole("row").nth(1)).toBeVisible();

    const main = page.getByRole("main");
    const targets = main.locator("a:visible, button:visible, select:visible, input:visible");
    expect(await targets.count()).toBeGreaterThan(3);
    for (const target of await targets.all()) {
      const box = (await target.boundingBox())!;
      const name = (await target.getAttribute("aria-label")) ?? (await target.innerText());
      expect(Math.min(box.width, box.height), `"${name}" is at least 24px`).toBeGreaterThanOrEqual(24);
    }

    // From the keyboard: the phone's "Sort by" choice, or a wider screen's column header.
    const header = table(page).getByRole("columnheader", { name: "Basic price", exact: true });
    if (page.viewportSize()!.width < 640) {
      const sortBy = page.getByRole("combobox", { name: "Sort by" });
      await sortBy.focus();
      await sortBy.selectOption({ label: "Basic price, high to low" });
    } else {
      await header.getByRole("button").focus();
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
    }
    await expect(header).toHaveAttribute("aria-sort", "descending");
    const [top, next] = await Promise.all(
      [1, 2].map(async (n) => {
        const text = (
          await cellValues(await cellUnder(page, table(page).getByRole("row").nth(n), "Basic price"))
        )[0]!;
        return Number(text.replace(/[^\d.]/g, ""));
      }),
    );
    expect(top).toBeGreaterThanOrEqual(next!);
  },
);

test("switching month shows the prices imported for that month", async ({ page, baseURL }) => {
  await signInSubscriber(page, baseURL!);
  const latest = await latestMonth("viiia");
  // A pack whose price moved between the two latest months.
  const [moved] = await queryRows<{
    medicine: string;
    pack: string;
    now: number;
    before: number;
    month: string;
  }>(
    `select n.medicine, n.pack_size::text as pack, n.basic_price_pence as now, o.basic_price_pence as before,
            to_char(o.period, 'YYYY-MM') as month
       from part_viiia_prices n
       join part_viiia_prices o on o.vmpp_snomed_code = n.vmpp_snomed_code and o.edition = 1
        and o.period = (n.period - interval '1 month')::date
      where n.edition = 1 and n.period = $1::date and n.basic_price_pence <> o.basic_price_pence
        and (select count(*) from part_viiia_prices d where d.edition = 1 and d.period = n.period and d.medicine = n.medicine) = 1
      limit 1`,
    [`${latest}-01`],
  );
  expect(moved, "the sample data has a price change").toBeTruthy();

  await page.goto(`/drug-tariff-parts/partviiia?searchTerm=${encodeURIComponent(moved!.medicine)}`);
  const row = table(page).getByRole("row").filter({ hasText: moved!.medicine });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(formatPence(moved!.now));

  await page.getByLabel("Month", { exact: true }).selectOption(moved!.month);
  await expect(page).toHaveURL(new RegExp(`month=${moved!.month}`));
  await expect(row).toContainText(formatPence(moved!.before));
  await expect(row).not.toContainText(formatPence(moved!.now));
  // The search survives the change of month.
  await expect(page.getByLabel("Search medicines")).toHaveValue(moved!.medicine);
});

test("searchTerm from the URL and a filter narrow the rows, and the export holds exactly those rows", async ({
  page,
  baseURL,
}) => {
  await signInSubscriber(page, baseURL!);
  const latest = await latestMonth("viiia");
  // A word that begins the names of a handful of packs in more than one category, so both
  // narrowings show (in each category, some name begins a word with it: no near spellings).
  const [pick] = await queryRows<{ word: string; category: string; total: number }>(
    `with words as (
       select distinct split_part(medicine, ' ', 1) as word from part_viiia_prices
        where edition = 1 and period = $1::date and split_part(medicine, ' ', 1) ~ '^[A-Za-z]{5,}$')
     select w.word, min(p.category) as category, count(*)::int as total
       from words w
       join part_viiia_prices p on p.edition = 1 and p.period = $1::date
        and p.medicine ~* ('\\m' || w.word)
      group by w.word
     having count(*) between 4 and 12 and count(distinct p.category) > 1
      order by w.word limit 1`,
    [`${latest}-01`],
  );
  expect(pick, "the sample data has such a word").toBeTruthy();

  await page.goto("/drug-tariff-parts/partviiia");
  const all = await rowCount(page);
  await page.goto(`/drug-tariff-parts/partviiia?searchTerm=${encodeURIComponent(pick!.word)}`);
  expect(await rowCount(page)).toBe(pick!.total);
  expect(await rowCount(page)).toBeLessThan(all);

  await page.getByLabel("Category").selectOption(pick!.category);
  await expect(page).toHaveURL(new RegExp(`category=${pick!.category}`));
  await expect.poll(() => rowCount(page)).toBeLessThan(pick!.total);
  const shown = await rowCount(page);
  const names = await cellValues(table(page).getByRole("row").locator("td:first-child"));
  expect(names).toHaveLength(shown);
  for (const name of names) expect(name.toLowerCase()).toContain(pick!.word.toLowerCase());
  const categories = await cellValues(table(page).getByRole("row").locator("td:nth-child(4)"));
  expect(new Set(categories)).toEqual(new Set([pick!.category]));

  const csv = await exportCsv(page);
  expect(csv.name).toBe(`part-viiia-ew-${latest}.csv`);
  expect(csv.header.slice(0, 5)).toEqual(["Medicine", "Pack size", "Unit", "Category", "Basic price (£)"]);
  expect(csv.rows).toHaveLength(shown);
  expect(csv.records.map((record) => record.Medicine)).toEqual(names);
});

test("every list's export opens in a spreadsheet as figures: money in pounds, percentages, units in the header", async ({
  page,
  baseURL,
}) => {
  // Fifteen lists, each exported whole; the export is the same file at any width.
  test.setTimeout(240_000);
  await signInSubscriber(page, baseURL!);
  for (const [path] of lists) {
    const spec = Object.values(listSpecs).find((list) => list.path === path)!;
    await page.goto(path);
    await expect(page.getByText(/^[\d,]+ rows?$/)).toBeVisible({ timeout: 30_000 });
    const csv = await exportCsv(page);
    expect(csv.rows.length, `${path} exports its rows`).toBe(await rowCount(page));
    for (const column of spec.columns) {
      const header =
        column.kind === "pence"
          ? `${column.header} (£)`
          : column.kind === "percent"
            ? `${column.header} (%)`
            : column.header;
      expect(csv.header, `${path} exports ${column.header}`).toContain(header);
    }
    // Money the list shows is in the file, as a number a spreadsheet adds up.
    const money = spec.columns.find((column) => column.kind === "pence");
    if (money) {
      const figures = csv.records.map((record) => record[`${money.header} (£)`]).filter(Boolean);
      expect(figures.length, `${path} has ${money.header} figures`).toBeGreaterThan(0);
      for (const figure of figures) expect(Number.isFinite(Number(figure))).toBe(true);
    }
  }
});

/** The distinct names of the latest Part VIIIA month, and a term of each kind the list search tells apart. */
async function searchTerms(latest: string) {
  const names = (
    await queryRows<{ medicine: string }>(
      "select distinct medicine from part_viiia_prices where edition = 1 and period = $1::date order by 1",
      [`${latest}-01`],
    )
  ).map((row) => row.medicine);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  /** Whether `word` begins a word of `name` (a stricter reading than the product's: any sign ends a word). */
  const beginsAWord = (name: string, word: string) =>
    new RegExp(`(^|[^a-z0-9])${escape(word)}`, "i").test(name);
  // Four letters that begin a medicine's name and sit inside a word of another name, at no word start there.
  const prefix = names
    .map((name) => name.slice(0, 4).toLowerCase())
    .find(
      (term) =>
        /^[a-z]{4}$/.test(term) &&
        names.some((name) => name.toLowerCase().includes(term) && !beginsAWord(name, term)),
    );
  // A name of three words or more that two other names share the first word of, and that no other
  // name holds every word of; its first word long enough that one wrong letter is a near spelling.
  const full = names.find((name) => {
    const words = name.toLowerCase().split(" ");
    const first = words[0]!;
    return (
      words.length >= 3 &&
      /^[a-z]{7,10}$/.test(first) &&
      names.filter((other) => other.toLowerCase().split(" ")[0] === first).length >= 3 &&
      names.every((other) => other === name || !words.every((word) => beginsAWord(other, word)))
    );
  });
  expect(prefix, "the sample has a name prefix found inside another name").toBeTruthy();
  expect(full, "the sample has a name sharing its first word").toBeTruthy();
  return { names, prefix: prefix!, full: full!, beginsAWord };
}

/** The list page's notice that no name holds the term at a word start. */
const nearNotice = (page: Page, term: string) =>
  page.getByRole("status").filter({ hasText: `No exact matches for "${term}"; showing near spellings` });

/**
 * The names of the rows the table counts, from its CSV export (the table draws only the rows in
 * view): checked to be as many as it counts, and to start with the rows it draws.
 */
async function exportedNames(page: Page): Promise<string[]> {
  const count = await rowCount(page);
  const drawn = await cellValues(table(page).getByRole("row").locator("td:first-child"));
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = (await (await (await download).createReadStream()).toArray()).join("");
  const exported = (parse(csv, { bom: true }) as string[][]).slice(1).map((line) => line[0]!);
  expect(exported).toHaveLength(count);
  expect(drawn.length).toBeGreaterThan(0);
  expect(exported.slice(0, drawn.length)).toEqual(drawn);
  return exported;
}

test("a search keeps the names its words begin, falls back to near spellings only when none, and the export holds the rows shown", async ({
  page,
  baseURL,
}) => {
  await signInSubscriber(page, baseURL!);
  const latest = await latestMonth("viiia");
  const { names, prefix, full, beginsAWord } = await searchTerms(latest);
  const [{ packs }] = (await queryRows<{ packs: number }>(
    "select count(*)::int as packs from part_viiia_prices where edition = 1 and period = $1::date and medicine = $2",
    [`${latest}-01`, full],
  )) as [{ packs: number }];

  // Four letters that begin some names and sit inside a word of others: only the first are listed.
  await page.goto(`/drug-tariff-parts/partviiia?month=${latest}&searchTerm=${prefix}`);
  await expect(table(page).getByRole("row").nth(1)).toBeVisible();
  const byPrefix = await exportedNames(page);
  for (const name of byPrefix) expect(beginsAWord(name, prefix), name).toBe(true);
  const inside = names.filter((name) => name.toLowerCase().includes(prefix) && !beginsAWord(name, prefix));
  for (const name of inside) expect(byPrefix).not.toContain(name);
  await expect(nearNotice(page, prefix)).toHaveCount(0);

  // A whole name of several words: its own packs, not the other forms of the same medicine.
  const term = full.toLowerCase();
  await page.goto(
    `/drug-tariff-parts/partviiia?month=${latest}&${new URLSearchParams({ searchTerm: term })}`,
  );
  await expect(table(page).getByRole("row").nth(1)).toBeVisible();
  expect(await rowCount(page)).toBe(packs);
  expect(new Set(await exportedNames(page))).toEqual(new Set([full]));

  // A slip in the middle of the name: nothing begins with it, so near spellings, and the page says so.
  const first = full.split(" ")[0]!.toLowerCase();
  const middle = Math.floor(first.length / 2);
  const typo = first.slice(0, middle) + (first[middle] === "e" ? "a" : "e") + first.slice(middle + 1);
  expect(names.some((name) => beginsAWord(name, typo))).toBe(false);
  await page.goto(`/drug-tariff-parts/partviiia?month=${latest}&searchTerm=${typo}`);
  await expect(nearNotice(page, typo)).toBeVisible();
  await expect(table(page).getByRole("row").nth(1)).toContainText(full.split(" ")[0]!);
  expect((await exportedNames(page))[0]).toMatch(new RegExp(`^${full.split(" ")[0]} `));
  await expectNoAxeViolations(page);
});

test("a month the address asks for that has no data, or is not a month, is named and the address corrected", async ({
  page,
  baseURL,
}) => {
  await signInSubscriber(page, baseURL!);
  const latest = await latestMonth("ix");
  const shown = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric" }).format(
    new Date(`${latest}-15T12:00:00Z`),
  );
  await page.goto("/drug-tariff-parts/partix-appliances?month=1999-01");
  await expect(page.getByRole("status").filter({ hasText: "No Part IX" })).toHaveText(
    `No Part IX for January 1999; showing ${shown}.`,
  );
  await expect(page).toHaveURL(new RegExp(`month=${latest}`));
  expect(await rowCount(page)).toBeGreaterThan(0);
  await expect(page.getByLabel("Month", { exact: true })).toHaveValue(latest);

  await page.goto("/drug-tariff-parts/partix-appliances?month=abc");
  await expect(page.getByRole("status").filter({ hasText: "not a month" })).toHaveText(
    `“abc” is not a month (YYYY-MM); showing Part IX for ${shown}.`,
  );
  await expect(page).toHaveURL(new RegExp(`month=${latest}`));
  await expectNoAxeViolations(page);
});

test("a Category M pack shows the same concession, discount and net price on Category M, Part VIIIA and its page", async ({
  page,
  baseURL,
}) => {
  await signInSubscriber(page, baseURL!);
  const month = await latestMonth("viiia");
  // A Category M pack of the month in force, one on concession if the month has one.
  const [pack] = await queryRows<{ code: string; medicine: string }>(
    `select p.vmpp_snomed_code as code, p.medicine from part_viiia_prices p
       join category_m_prices m on m.edition = 1 and m.vmpp_snomed_code = p.vmpp_snomed_code
        and m.period = (select max(period) from tariff_datasets where part = 'cat-m' and edition = 1 and period <= p.period)
       left join concessions c on c.edition = 1 and c.period = p.period and c.vmpp_snomed_code = p.vmpp_snomed_code
      where p.edition = 1 and p.period = $1::date and p.category = 'M'
      order by (c.id is null), p.vmpp_snomed_code limit 1`,
    [`${month}-01`],
  );
  expect(pack, "the sample data has a Category M pack").toBeTruthy();

  const moneyOn = async (path: string) => {
    await page.goto(`${path}?searchTerm=${pack!.code}`);
    const row = table(page)
      .getByRole("row")
      .filter({ hasText: pack!.medicine.slice(0, 20) })
      .first();
    await expect(row).toBeVisible();
    // Each cell's figure, without the explanation a figure carries.
    const [concession, discount, net] = await Promise.all(
      ["Concession", "Discount", "Net price"].map(async (header) => {
        const text = (await cellValues(await cellUnder(page, row, header)))[0] ?? "";
        return /£[\d,.]+|[\d.]+%/.exec(text)?.[0] ?? "";
      }),
    );
    return { concession, discount, net };
  };
  const viiia = await moneyOn("/drug-tariff-parts/partviiia");
  const categoryM = await moneyOn("/drug-tariff-parts/partviii-category-m");
  expect(categoryM).toEqual(viiia);

  // The pack's page: the England & Wales card's net price is the lists'.
  await page.goto(`/drug-info/${pack!.code}`);
  const card = page
    .getByRole("region", { name: "Current price", exact: true })
    .getByRole("listitem")
    .filter({ hasText: "England & Wales" });
  const net = card.locator("dt", { hasText: /^Net price$/ }).locator("xpath=following-sibling::dd[1]");
  await expect(net).toContainText(viiia.net!);
});

test("the list pages are for subscribers: a visitor is sent to sign in", async ({ page }) => {
  await page.goto("/brands");
  await expect(page).toHaveURL(/\/account-management\/signin/);
  await expect(page.getByText("NHS indicative price")).toHaveCount(0);
  // Nor can a visitor fetch the rows a list page's table loads.
  const rows = await page.request.get("/api/lists/brands/rows");
  expect(rows.status()).toBe(401);
  expect(await rows.text()).not.toContain("indicative");
});

/** A word beginning the names of a handful of Part VIIIA packs in each of two months, and how many in each. */
async function wordInTwoMonths(latest: string, previous: string) {
  const [pick] = await queryRows<{ word: string; now: number; before: number }>(
    `with words as (
       select distinct lower(split_part(medicine, ' ', 1)) as word from part_viiia_prices
        where edition = 1 and period = $1::date and lower(split_part(medicine, ' ', 1)) ~ '^[a-z]{6,}$'),
     counts as (
       select w.word,
              count(*) filter (where p.period = $1::date)::int as now,
              count(*) filter (where p.period = $2::date)::int as before
         from words w
         join part_viiia_prices p on p.edition = 1 and p.period in ($1::date, $2::date)
          and p.medicine ~* ('\\m' || w.word)
        group by w.word)
     select word, now, before from counts
      where now between 2 and 20 and before between 1 and 20
      order by word limit 1`,
    [`${latest}-01`, `${previous}-01`],
  );
  expect(pick, "the sample data has such a word").toBeTruthy();
  return pick!;
}

const monthName = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

const previousMonth = (month: string) => {
  const [year, number] = month.split("-").map(Number);
  const date = new Date(Date.UTC(year!, number! - 2, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
};

test("search applies as you type, with the row count announced, and needs no Apply button", async ({
  page,
  baseURL,
}) => {
  await signInSubscriber(page, baseURL!);
  const latest = await latestMonth("viiia");
  const { word, now } = await wordInTwoMonths(latest, previousMonth(latest));
  await page.goto(`/drug-tariff-parts/partviiia?month=${latest}`);
  const count = page.getByText(/^[\d,]+ rows?$/);
  await expect(count).toBeVisible();
  await expect(count).toHaveAttribute("aria-live", "polite");
  const live = await count.elementHandle();
  await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(0);

  const search = page.getByRole("searchbox", { name: "Search medicines" });
  await waitForHydration(search);
  await search.pressSequentially(word, { delay: 40 });
  await expect(page).toHaveURL(new RegExp(`searchTerm=${word}`));
  await expect.poll(() => rowCount(page)).toBe(now);
  await expect(search).toHaveValue(word);
  // The same live region announces each new count: a replaced one would say nothing.
  expect(await live!.evaluate((element) => element.isConnected)).toBe(true);
  await expectNoAxeViolations(page);
});

test("what is typed in the search box survives a change of month that finishes loading after it", async ({
  page,
  baseURL,
}) => {
  await signInSubscriber(page, baseURL!);
  const latest = await latestMonth("viiia");
  const previous = previousMonth(latest);
  const { word, before } = await wordInTwoMonths(latest, previous);
  await page.goto(`/drug-tariff-parts/partviiia?month=${latest}`);
  expect(await rowCount(page)).toBeGreaterThan(0);
  const search = page.getByRole("searchbox", { name: "Search medicines" });
  await waitForHydration(search);

  // The new month's page arrives slowly, so the user is still typing when it lands.
  let delayed = 0;
  await page.route(
    (url) => url.pathname === "/drug-tariff-parts/partviiia",
    async (route) => {
      if (route.request().headers()["rsc"] && delayed++ === 0)
        await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.fallback();
    },
  );
  await page.getByLabel("Month", { exact: true }).selectOption(previous);
  await search.pressSequentially(word, { delay: 40 });
  await expect(page).toHaveURL(new RegExp(`month=${previous}`));
  expect(delayed, "the slow page was the month's").toBeGreaterThan(0);
  await expect(page.getByRole("table")).toHaveAccessibleName(new RegExp(monthName(previous)));
  await expect(search).toHaveValue(word);
  await expect(page).toHaveURL(new RegExp(`searchTerm=${word}`));
  await expect(page.getByLabel("Month", { exact: true })).toHaveValue(previous);
  await expect.poll(() => rowCount(page)).toBe(before);
});

test("'Older months…' reaches every month with data, beyond the eight most recent", async ({
  page,
  baseURL,
}) => {
  await signInSubscriber(page, baseURL!);
  const months = await queryRows<{ month: string }>(
    "select to_char(period, 'YYYY-MM') as month from tariff_datasets where edition = 1 and part = 'viiia' order by period",
  );
  expect(months.length, "the sample data goes back more than eight months").toBeGreaterThan(8);
  const oldest = months[0]!.month;
  await page.goto("/drug-tariff-parts/partviiia");
  const month = page.getByLabel("Month", { exact: true });
  await waitForHydration(month);
  await expect(month.locator("option", { hasText: /^(?!Older).*\d{4}/ })).toHaveCount(8);
  await month.selectOption({ label: "Older months…" });
  const older = page.getByLabel("Older month", { exact: true });
  await expect(older).toBeFocused();
  const offered = await older
    .locator("option")
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  expect(offered).toContain(oldest);
  await expectNoAxeViolations(page);
  await older.selectOption(oldest);
  await expect(page).toHaveURL(new RegExp(`month=${oldest}`));
  await expect(page.getByRole("table")).toHaveAccessibleName(new RegExp(monthName(oldest)));
  expect(await rowCount(page)).toBeGreaterThan(0);
  // The choice stays on screen, where focus is.
  await expect(month.locator("option:checked")).toHaveText("Older months…");
  await expect(older).toHaveValue(oldest);
  await expect(older).toBeFocused();
});

test("a list with a Discount column says what it means and why a line shows 0.0%, and no list asks to hover", async ({
  page,
  baseURL,
}) => {
  await signInSubscriber(page, baseURL!);
  await page.goto("/drug-tariff-parts/partviiia");
  await expect(page.getByText(/^Discount is the deduction the NHS takes/)).toContainText(
    "A line at 0.0% has no deduction: the pack is on price concession that month, or is listed as Discount Not Deducted.",
  );
  await page.goto("/reimbursement-info/partxviiia-blacklist");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blacklisted Medicines");
  await expect(page.getByText(/^Discount is the deduction/)).toHaveCount(0);
  await page.goto("/brands");
  await expect(page.getByRole("main")).not.toContainText(/hover/i);
  await expect(page.getByText(/^Discount is the deduction/)).toBeVisible();
});
