import { expect, test, type Page } from "@playwright/test";

import { expectNoAxeViolations } from "../fixtures/axe";

/** product §2.16: the analytics script loads only when the cookie cookieConsent equals accepted. */
/** Absence can only be shown over a window of time: give a late script or beacon a second to appear. */
async function settle(page: Page) {
  await page.waitForLoadState("load");
  await page.waitForTimeout(1_000);
}

function watchAnalytics(page: Page) {
  const seen = { script: 0, pageViews: [] as number[] };
  page.on("request", (request) => {
    if (request.url().endsWith("/analytics.js")) seen.script++;
  });
  page.on("response", (response) => {
    if (response.url().endsWith("/api/analytics/page-view")) seen.pageViews.push(response.status());
  });
  return seen;
}

test(
  "a new visitor is asked, and the banner passes axe and works from the keyboard",
  { tag: "@phone" },
  async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    await expectNoAxeViolations(page);
    await banner.getByRole("button", { name: "Accept" }).focus();
    await page.keyboard.press("Enter");
    await expect(banner).toBeHidden();
  },
);

test("rejecting keeps the analytics script out, on this page and the next", async ({ page, context }) => {
  const seen = watchAnalytics(page);
  await page.goto("/");
  await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Reject" }).click();
  const cookie = (await context.cookies()).find((c) => c.name === "cookieConsent");
  expect(cookie?.value).toBe("rejected");
  await page.goto("/pricing/plans");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await settle(page);
  expect(seen.script).toBe(0);
  expect(seen.pageViews).toEqual([]);
  await expect(page.locator('script[src="/analytics.js"]')).toHaveCount(0);
});

test("accepting loads our analytics, which records page views, including client-side navigations", async ({
  page,
  context,
}) => {
  const seen = watchAnalytics(page);
  await page.goto("/");
  await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
  expect((await context.cookies()).find((c) => c.name === "cookieConsent")?.value).toBe("accepted");
  await expect.poll(() => seen.pageViews).toEqual([204]);
  expect(seen.script).toBe(1);

  await page.getByRole("contentinfo").getByRole("link", { name: "License Agreement" }).click();
  await expect(page).toHaveURL(/\/policies\/eula$/);
  await expect.poll(() => seen.pageViews).toEqual([204, 204]);
});

test("a returning visitor who accepted gets analytics straight away; withdrawing consent stops it", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "cookieConsent", value: "accepted", url: baseURL! }]);
  const seen = watchAnalytics(page);
  await page.goto("/blog/blog-index");
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
  await expect.poll(() => seen.pageViews.length).toBe(1);

  await page.getByRole("button", { name: "Cookie settings" }).click();
  await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Reject" }).click();
  await page.getByRole("article").first().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await settle(page);
  expect(seen.pageViews.length).toBe(1);
});
