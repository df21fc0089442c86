import type { Page } from "@playwright/test";

import { expectNoAxeViolations } from "../fixtures/axe";
import { countImportedMonths, createPerson, queryRows, setEdition } from "./database";
import { exportCsv } from "./exports";
import { expect, signInByApi, test, uniqueEmail, waitForHydration } from "./fixtures";

async function subscriber(page: Page, baseURL: string) {
  const person = await createPerson(uniqueEmail("insights"), { subscribed: true });
  await signInByApi(page, baseURL, person.email, person.password);
  return person;
}

const insightPages = [
  {
    path: "/insights/additions-deletions",
    title: "Additions & Deletions",
    part: "viiia",
    changes: ["addition", "deletion"],
  },
  {
    path: "/insights/price-changes-partviiia",
    title: "Part VIIIA Price Changes",
    part: "viiia",
    changes: ["price_change"],
  },
  {
    path: "/insights/price-changes-catm",
    title: "Category M Price Changes",
    part: "cat-m",
    changes: ["price_change"],
  },
  {
    path: "/insights/category-changes",
    title: "Category Changes",
    part: "viiia",
    changes: ["category_change"],
  },
];

/** England & Wales' months with changes of these kinds in a part, newest first, as `YYYY-MM`. */
async function monthsWithChanges(part: string, changes: string[]): Promise<string[]> {
  const rows = await queryRows<{ month: string }>(
    `select distinct to_char(period, 'YYYY-MM') as month from tariff_changes
      where edition = 1 and part = $1 and change = any($2::text[]) order by month desc`,
    [part, changes],
  );
  return rows.map((row) => row.month);
}

/** The month in force, as a page's month selector names it: the calendar month in the UK. */
const monthInForce = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit" })
    .format(new Date())
    .slice(0, 7);

/** The month selector's options that have data, newest first, as `YYYY-MM`. */
async function monthsWithData(page: Page): Promise<string[]> {
  return page
    .getByLabel("Month", { exact: true })
    .locator("option")
    .evaluateAll((options) =>
      options
        .filter((option) => !option.textContent!.includes("(no data)"))
        .map((option) => (option as HTMLOptionElement).value),
    );
}

function changesTable(page: Page, title: string) {
  return page.getByRole("region", { name: new RegExp(`^${title}, `) });
}

for (const insight of insightPages) {
  test(`a subscriber sees ${insight.title} for the month in force, and a month's changes, with charts, and can switch month`, async ({
    page,
    baseURL,
  }) => {
    await subscriber(page, baseURL!);
    await page.goto(insight.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(insight.title);
    const month = page.getByLabel("Month", { exact: true });
    // The page opens on the month in force, as every page does (docs/product.md §3.1), or the latest before it.
    const loaded = await monthsWithData(page);
    await expect(month).toHaveValue(loaded.find((value) => value <= monthInForce())!);

    const months = await monthsWithChanges(insight.part, insight.changes);
    expect(months.length, "the sample data has at least two months with changes").toBeGreaterThan(1);
    await page.goto(`${insight.path}?month=${months[0]}`);
    await expect(month).toHaveValue(months[0]!);

    const table = changesTable(page, insight.title);
    await expect(table.getByRole("row").nth(1)).toBeVisible();
    const latestRows = await table.getByRole("row").allInnerTexts();
    expect(latestRows.length).toBeGreaterThan(1);
    // A chart is drawn when it scrolls into view.
    const perMonth = page.getByRole("img", { name: /^Bar chart of .* per (month|quarter)/ });
    await perMonth.scrollIntoViewIfNeeded();
    await expect(perMonth.locator(".recharts-bar-rectangle").first()).toBeVisible();
    if (insight.path.includes("price-changes")) {
      const histogram = page.getByRole("img", { name: /^Histogram of the \d+ price changes/ });
      await histogram.scrollIntoViewIfNeeded();
      await expect(histogram.locator(".recharts-bar-rectangle").first()).toBeVisible();
      await expect(page.getByRole("img", { name: /^The \d+ biggest price increases/ })).toBeVisible();
    }
    await expectNoAxeViolations(page);

    // The export: every price a number of pounds, every change a percentage, their units in the header.
    const csv = await exportCsv(page);
    expect(csv.rows.length).toBeGreaterThan(0);
    for (const header of csv.header.filter((name) => /price/i.test(name))) expect(header).toMatch(/ \(£\)$/);
    if (insight.path.includes("price-changes")) expect(csv.header).toContain("Change (%)");

    // Switching month is a GET of the same page: the URL says which month, the rows follow.
    const listed = await monthsWithData(page);
    const other = months.slice(1).find((value) => listed.includes(value));
    expect(other, "another month with changes is in the month selector").toBeDefined();
    await month.selectOption(other!);
    await expect(page).toHaveURL(new RegExp(`month=${other}`));
    await expect(month).toHaveValue(other!);
    await expect(table.getByRole("row").nth(1)).toBeVisible();
    await expect.poll(() => table.getByRole("row").allInnerTexts()).not.toEqual(latestRows);
  });
}

test("Additions & Deletions shows the part chosen, and appliances link to their own pages", async ({
  page,
  baseURL,
}) => {
  await subscriber(page, baseURL!);
  await page.goto("/insights/additions-deletions");
  const part = page.getByLabel("Part", { exact: true });
  await expect(part).toHaveValue("viiia");
  await part.selectOption({ label: "Part IX" });
  await expect(page).toHaveURL(/[?&]part=ix/);

  // Without a month, the page opens on Part IX's latest month with changes.
  await page.goto("/insights/additions-deletions?part=ix");
  await expect(page.getByLabel("Part", { exact: true })).toHaveValue("ix");
  await expect(page.getByRole("heading", { level: 2, name: /: Part IX$/ })).toBeVisible();
  const table = changesTable(page, "Additions & Deletions, Part IX");
  await expect(table.getByRole("link").first()).toHaveAttribute("href", /^\/appliance-info\/\d+\?from=/);
  await expectNoAxeViolations(page);
});

test("a month the address names without data is named, and the page shows the month it opens on", async ({
  page,
  baseURL,
}) => {
  await subscriber(page, baseURL!);
  await page.goto("/insights/price-changes-catm?month=2001-02");
  await expect(page.getByRole("status").filter({ hasText: "No Category M Price Changes" })).toContainText(
    "No Category M Price Changes for February 2001; showing",
  );
  const shown = await page.getByLabel("Month", { exact: true }).inputValue();
  await expect(page).toHaveURL(new RegExp(`month=${shown}`));
  expect(shown > "2001-02").toBe(true);
});

test("Northern Ireland sees Part I price changes and no Category M list", async ({ page, baseURL }) => {
  const person = await subscriber(page, baseURL!);
  await setEdition(person.id, 2);
  await page.goto("/insights/price-changes-partviiia");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Part I Price Changes");
  await expect(changesTable(page, "Part I Price Changes").getByRole("row").nth(1)).toBeVisible();
  await page.goto("/insights/price-changes-catm");
  await expect(page.getByRole("status")).toContainText("Category M is England & Wales only");
});

test("a signed-out visitor opens a pack's public page and reads its price history", async ({
  page,
  baseURL,
  context,
}, testInfo) => {
  await subscriber(page, baseURL!);
  await page.goto("/insights/price-changes-partviiia");
  const link = changesTable(page, "Part VIIIA Price Changes").getByRole("link").first();
  // The link also says which page it was followed from; the pack's own address is the path.
  const href = (await link.getAttribute("href"))!.split("?")[0]!;
  expect(href).toMatch(/^\/drug-info\/\d+$/);
  const name = await link.innerText();

  await context.clearCookies();
  await context.addCookies([{ name: "cookieConsent", value: "rejected", url: baseURL! }]);
  await page.goto(href);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  const current = page.getByRole("region", { name: "Current price" });
  await expect(current.getByText("England & Wales", { exact: true })).toBeVisible();

  // The chart's drawing (recharts) is fetched only when it scrolls into view: on a phone it is
  // below the fold, so the first paint has its summary and a placeholder, and no drawing.
  const chart = page.getByRole("img", { name: /^Line chart of the price of / });
  if (testInfo.project.name === "phone") {
    expect(await chart.evaluate((element) => element.getBoundingClientRect().top > innerHeight + 200)).toBe(
      true,
    );
    await expect(chart.locator("[data-chart-placeholder]")).toHaveCount(1);
    await expect(chart.locator(".recharts-surface")).toHaveCount(0);
  }
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator(".recharts-line-curve").first()).toBeVisible();
  // The chart's points are also a table, opened from the keyboard.
  const months = await countImportedMonths("viiia");
  expect(months).toBeGreaterThanOrEqual(24);
  await page.getByText("Show the data as a table").first().focus();
  await page.keyboard.press("Enter");
  const points = page
    .getByRole("region", { name: "Monthly price, with concessions: data" })
    .locator("tbody tr");
  await expect(points.first()).toBeVisible();
  await expect(points).toHaveCount(months);
  await expectNoAxeViolations(page);

  const response = await page.goto("/drug-info/1");
  expect(response!.status()).toBe(404);
});

test("search engines find every product page from robots.txt through the sitemap index", async ({
  request,
}) => {
  const robots = await (await request.get("/robots.txt")).text();
  const index = /Sitemap: (\S+\/sitemaps\/products\.xml)/.exec(robots)?.[1];
  expect(index, robots).toBeDefined();

  const indexXml = await (await request.get(new URL(index!).pathname)).text();
  const sitemaps = [...indexXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(sitemaps).toEqual(
    expect.arrayContaining([
      "/sitemaps/drug-info-1.xml",
      "/sitemaps/appliance-info-1.xml",
      "/sitemaps/brand-info-1.xml",
    ]),
  );
  for (const sitemap of sitemaps) {
    const response = await request.get(sitemap);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const pages = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1]!).pathname,
    );
    expect(pages.length, sitemap).toBeGreaterThan(0);
    // A listed page is a real, public page.
    expect((await request.get(pages[pages.length - 1]!)).status(), pages[pages.length - 1]).toBe(200);
  }
  expect((await request.get("/sitemaps/drug-info-999.xml")).status()).toBe(404);
});

test("a signed-out visitor is sent to sign in from the insights pages", async ({ page }) => {
  for (const insight of insightPages) {
    await page.goto(insight.path);
    await expect(page).toHaveURL(
      new RegExp(
        `/account-management/signin\\?redirect=${encodeURIComponent(insight.path).replace(/%2F/g, "(%2F|/)")}`,
      ),
    );
  }
});

/** A public product page's address, from the app's own sitemap of them. */
async function productPageFromSitemap(page: Page, stem: string): Promise<string> {
  const xml = await (await page.request.get(`/sitemaps/${stem}-1.xml`)).text();
  return new URL(/<loc>([^<]+)<\/loc>/.exec(xml)![1]!).pathname;
}

/** The app shell's menu: the sidebar on a desktop, the menu button on a phone. */
const appMenu = (page: Page) =>
  page.viewportSize()!.width < 768
    ? page.getByRole("button", { name: "Open menu" })
    : page.getByRole("complementary", { name: "Platform menu" });

test("a subscriber opens a pack from a filtered list inside the app, and goes back to the list as it was", async ({
  page,
  baseURL,
}) => {
  await subscriber(page, baseURL!);
  const [pack] = await queryRows<{ medicine: string; month: string }>(
    `select medicine, to_char(period, 'YYYY-MM') as month from part_viiia_prices
      where edition = 1 and vmpp_snomed_code is not null
        and period = (select max(period) - interval '1 month' from part_viiia_prices where edition = 1)
      order by medicine limit 1`,
  );
  const word = pack!.medicine.split(" ")[0]!;
  await page.goto(`/drug-tariff-parts/partviiia?searchTerm=${encodeURIComponent(word)}&month=${pack!.month}`);
  const list = page.getByRole("region", { name: /^Part VIIIA, / });
  const link = list.getByRole("link").first();
  const name = await link.innerText();
  const shown = await page.getByText(/^[\d,]+ rows?$/).innerText();
  await link.click();

  await expect(page).toHaveURL(/\/drug-info\/\d+\?from=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(appMenu(page)).toBeVisible();
  await expect(page.getByRole("link", { name: "Log In" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const back = page.getByRole("link", { name: "Back to Part VIIIA" });
  await back.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/drug-tariff-parts\/partviiia\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get("searchTerm")).toBe(word);
  expect(url.searchParams.get("month")).toBe(pack!.month);
  await expect(page.getByLabel("Month", { exact: true })).toHaveValue(pack!.month);
  await expect(page.getByText(/^[\d,]+ rows?$/)).toHaveText(shown);
});

test("a product page stays public for visitors, while a signed-in user's is the app's and never stored", async ({
  page,
  baseURL,
}) => {
  const path = await productPageFromSitemap(page, "appliance-info");
  const visitor = await page.request.get(path);
  expect(visitor.status()).toBe(200);
  const publicHtml = await visitor.text();
  expect(publicHtml).not.toContain("Platform menu");

  await subscriber(page, baseURL!);
  const member = await page.request.get(path);
  expect(member.status()).toBe(200);
  expect(member.headers()["cache-control"]).toMatch(/private|no-store/);
  expect(await member.text()).toContain("Platform menu");

  // Opened without a list to return to, it is still inside the app, with no way back to offer.
  await page.goto(path);
  await expect(appMenu(page)).toBeVisible();
  await expect(page.getByRole("link", { name: /^Back to/ })).toHaveCount(0);
  // The address it is served from inside the app is not an address of its own.
  await page.goto(`/signed-in${path}`);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expectNoAxeViolations(page);
});

/** A month whose ten biggest Part VIIIA decreases, the bars charted, are all well below zero. */
async function monthOfBigDecreases(): Promise<string> {
  const [month] = await queryRows<{ month: string }>(
    `select month from (
       select to_char(period, 'YYYY-MM') as month, price_change_percent,
              row_number() over (partition by period order by price_change_percent) as rank
         from tariff_changes
        where edition = 1 and part = 'viiia' and change = 'price_change' and price_change_pence < 0) ranked
      where rank <= 10 group by month having max(price_change_percent) < -10
      order by month desc limit 1`,
  );
  expect(month, "the sample data has such a month").toBeTruthy();
  return month!.month;
}

const chart = (page: Page, title: string) =>
  page.locator("figure").filter({ has: page.getByText(title, { exact: true }) });

test("a chart's bars grow from zero, even when every value is far below it", async ({ page, baseURL }) => {
  await subscriber(page, baseURL!);
  await page.goto(`/insights/price-changes-partviiia?month=${await monthOfBigDecreases()}`);
  const decreases = chart(page, "Biggest decreases");
  await decreases.scrollIntoViewIfNeeded();
  await expect(decreases.locator(".recharts-bar-rectangle").first()).toBeVisible();
  // The value axis runs to zero: its last tick is 0.0%.
  await expect(
    decreases.locator(".recharts-cartesian-axis-tick-value").filter({ hasText: /%$/ }).last(),
  ).toHaveText("0.0%");
});

test(
  "a long name shows in full, within the screen, on hover or tap",
  { tag: "@phone" },
  async ({ page, baseURL }) => {
    await subscriber(page, baseURL!);
    await page.goto(`/insights/price-changes-partviiia?month=${await monthOfBigDecreases()}`);
    const increases = chart(page, "Biggest increases");
    const name = (await increases.locator("tbody th").first().textContent())!;
    await increases.scrollIntoViewIfNeeded();
    const bar = increases.locator(".recharts-bar-rectangle").first();
    await bar.scrollIntoViewIfNeeded();
    if (page.viewportSize()!.width < 768) await bar.tap();
    else await bar.hover();
    const tooltip = increases.locator(".recharts-tooltip-wrapper").filter({ hasText: name });
    await expect(tooltip).toBeVisible();
    const box = (await tooltip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, "the tooltip fits the screen").toBeLessThanOrEqual(page.viewportSize()!.width);
    const clipped = await tooltip.evaluate((element) =>
      [...element.querySelectorAll("*")].some((child) => child.scrollWidth > child.clientWidth + 1),
    );
    expect(clipped, "no line of the tooltip is cut off").toBe(false);
  },
);

test("a month without changes is on the counts chart as zero, not skipped", async ({ page, baseURL }) => {
  await subscriber(page, baseURL!);
  const [span] = await queryRows<{ months: number; quiet: number }>(
    `with changed as (select distinct period from tariff_changes where edition = 1 and part = 'viiia' and change = 'category_change'),
          span as (select (extract(year from age(max(period), min(period))) * 12 + extract(month from age(max(period), min(period))) + 1)::int as months,
                          count(*)::int as changed from changed)
     select months, months - changed as quiet from span`,
  );
  expect(span!.quiet, "the sample data has a month without category changes").toBeGreaterThan(0);
  await page.goto("/insights/category-changes");
  const counts = chart(page, "Changes per month");
  await counts.getByText("Show the data as a table").click();
  const points = counts.getByRole("region").locator("tbody tr");
  await expect(points).toHaveCount(span!.months);
  await expect(points.filter({ has: page.locator("td", { hasText: /^0$/ }) })).toHaveCount(span!.quiet);
  await expectNoAxeViolations(page);
});

test("'Older months…' on an insights page reaches every month with changes", async ({ page, baseURL }) => {
  await subscriber(page, baseURL!);
  const [oldest] = await queryRows<{ month: string }>(
    `select to_char(min(period), 'YYYY-MM') as month from tariff_changes
      where edition = 1 and part = 'viiia' and change = 'price_change'`,
  );
  await page.goto("/insights/price-changes-partviiia");
  const month = page.getByLabel("Month", { exact: true });
  await waitForHydration(month);
  await month.selectOption({ label: "Older months…" });
  const older = page.getByLabel("Older month", { exact: true });
  await expect(older).toBeFocused();
  await older.selectOption(oldest!.month);
  await expect(page).toHaveURL(new RegExp(`month=${oldest!.month}`));
  await expect(changesTable(page, "Part VIIIA Price Changes").getByRole("row").nth(1)).toBeVisible();
  await expect(older).toHaveValue(oldest!.month);
});
