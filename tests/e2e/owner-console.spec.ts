import { expectNoAxeViolations } from "../fixtures/axe";
import { createApiKey, createOrganisation, queryRows } from "./database";
import { exportCsv } from "./exports";
import { demo, expect, signInByApi, test } from "./fixtures";

/**
 * The owner console: the owner reads the analytics charts, finds a licence, changes its seats with
 * a reason, and the change is in the licence's history. Everyone else is told the pages do not exist.
 */

test("the owner sees the charts, changes a licence's seats with a reason, and sees the audit entry", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A name of its own, so the search finds this test's licence and no other run's.
  const organisation = `Console ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)} Pharmacy`;
  await createOrganisation({ seats: 5, delegates: 1, label: "owner-console", organisation });
  await queryRows(
    "insert into page_views (path, viewed_at) values ('/drug-tariff-parts/partviiia', now()), ('/drug-tariff-parts/partviiia', now() - interval '3 days')",
  );
  await signInByApi(page, baseURL!, demo.owner);

  await page.goto("/user-analytics");
  const views = page.getByRole("figure").filter({ hasText: "Page views per day, last 30 days" });
  await views.scrollIntoViewIfNeeded(); // drawn when in view
  await expect(views.locator("[data-chart] svg .recharts-bar-rectangle").first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole("img", { name: /Bar chart of page views per day/ })).toBeVisible();
  await page.getByRole("link", { name: "Last 90 days" }).click();
  await expect(page).toHaveURL(/days=90/);
  await expect(page.locator("figcaption", { hasText: "Page views per day, last 90 days" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole("link", { name: "Last 90 days" })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);
  // The analytics' exports read in a spreadsheet: revenue in pounds, counts as numbers.
  const table = (caption: string) => page.getByRole("region", { name: caption, exact: true }).locator("..");
  const pages = await exportCsv(page, table("Top pages, last 90 days"));
  expect(pages.header).toEqual(["Page", "Views"]);
  for (const record of pages.records) expect(record.Views).toMatch(/^\d+$/);
  const plans = await exportCsv(
    page,
    table("Active subscriptions, seats and monthly recurring revenue by plan"),
  );
  expect(plans.header).toContain("Monthly recurring revenue (£)");

  await page.goto("/user-master-management");
  await page.getByLabel("Search users and licences").fill(organisation);
  await page.getByRole("button", { name: "Find", exact: true }).click();
  await expect(page).toHaveURL(/searchTerm=/);
  await page.getByRole("link", { name: organisation }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: organisation })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("licence-seats")).toHaveText("5");

  await page.getByRole("button", { name: "Change seats" }).click();
  const dialog = page.getByRole("dialog", { name: "Change the seat count" });
  // Two users hold seats: the count cannot go below that.
  await dialog.getByLabel("New seat count").fill("1");
  await dialog.getByLabel(/^Reason/).fill("Asked to shrink the plan");
  await dialog.getByRole("button", { name: "Change seats" }).click();
  await expect(dialog.getByText("At least 2 seats: that many are in use.")).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);

  await dialog.getByLabel("New seat count").fill("7");
  await dialog.getByLabel(/^Reason/).fill("Two more pharmacists agreed by phone");
  await dialog.getByRole("button", { name: "Change seats" }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId("licence-seats")).toHaveText("7", { timeout: 20_000 });
  const history = page.getByRole("region", { name: /Audit log of this licence/ });
  await expect(history.getByText("Seat count changed")).toBeVisible();
  await expect(history.getByText("Two more pharmacists agreed by phone")).toBeVisible();
  await expect(history.getByText('{"seats":5,"seatsInUse":2}')).toBeVisible();
  await expect(history.getByText(demo.owner)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the owner sees a licence's API key and its use, and changes its limits with the keyboard alone", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const org = await createOrganisation({ seats: 2, label: "owner-keys" });
  const key = await createApiKey(org.licenceId, "Stock system");
  for (let call = 0; call < 2; call++) {
    const response = await page.request.get("/api/v1/months", {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status()).toBe(200);
  }
  await signInByApi(page, baseURL!, demo.owner);
  await page.goto(`/user-master-management/licences/${org.licenceId}`);

  // The key's name, prefix (never the key), last use, calls and limits.
  const keys = page.getByRole("region", { name: "API keys" });
  const row = keys.getByRole("row", { name: /Stock system/ });
  await expect(row).toContainText(`${key.slice(0, 20)}…`);
  await expect(keys).not.toContainText(key.slice(21));
  await expect(row).toContainText(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
  await expect(row).toContainText("2 calls");
  await expect(row).toContainText("120/min, 20,000/day");
  await expectNoAxeViolations(page);

  // The dialog opens from the keyboard, starts from the limits in force, and says what is wrong.
  const change = row.getByRole("button", { name: "Change limits of Stock system" });
  await change.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Change the key's limits" });
  const perMinute = dialog.getByLabel("Requests a minute");
  const perDay = dialog.getByLabel("Requests a day");
  await expect(perMinute).toBeFocused();
  await expect(perMinute).toHaveValue("120");
  await expect(perDay).toHaveValue("20000");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("300");
  await page.keyboard.press("Tab");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("200");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel(/^Reason/)).toBeFocused();
  await page.keyboard.type("Their stock system polls every branch each morning");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Change limits" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Allow at least as many requests a day as a minute (300).")).toBeVisible({
    timeout: 20_000,
  });
  await expect(perDay).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  await perDay.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("30000");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(change).toBeFocused();
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Limits changed")).toBeVisible();
  await expect(row).toContainText("300/min, 30,000/day", { timeout: 20_000 });
  const history = page.getByRole("region", { name: /Audit log of this licence/ });
  await expect(history.getByText("API key limits changed")).toBeVisible();
  await expect(history.getByText("Their stock system polls every branch each morning")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("anyone but the owner gets 404 on the owner pages, a licence's page included", async ({
  page,
  baseURL,
}) => {
  const org = await createOrganisation({ seats: 2, label: "not-owner" });
  await signInByApi(page, baseURL!, org.admin.email, org.admin.password);
  for (const path of [
    "/user-analytics",
    "/user-master-management",
    `/user-master-management/licences/${org.licenceId}`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText(/Page views per day|All licences|Change seats/)).toHaveCount(0);
  }
});
