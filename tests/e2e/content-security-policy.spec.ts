import type { APIRequestContext, Page } from "@playwright/test";

import { fetchLatestEmail } from "../fixtures/mailbox";
import { createPerson } from "./database";
import { demo, expect, openAppMenu, signInByApi, test, uniqueEmail, waitForHydration } from "./fixtures";

/**
 * The Content-Security-Policy (docs/security.md R15, ADR 030): every kind of page works under it, nothing
 * it renders is refused, and script in markup that reaches a page anyway does not run.
 */

/** Collects CSP refusals (the page's own violation events, and the browser's console reports) and uncaught errors. */
async function watchPolicy(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(`uncaught error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `Content Security Policy violation: ${event.effectiveDirective} refused ${event.blockedURI || "inline code"} on ${location.pathname}`,
      );
    });
  });
  return problems;
}

/** Opens a page and waits until React has hydrated it: its scripts ran under the policy. */
async function visit(page: Page, path: string, status = 200) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  await waitForHydration(page.locator('a[href="#main"]'));
}

/** One public page of each product kind, from the product sitemaps search engines read. */
async function productPages(request: APIRequestContext): Promise<string[]> {
  const pages = [];
  for (const kind of ["drug-info", "appliance-info", "brand-info"]) {
    const sitemap = await (await request.get(`/sitemaps/${kind}-1.xml`)).text();
    const url = /<loc>([^<]+)<\/loc>/.exec(sitemap)?.[1];
    expect(url, `the ${kind} sitemap lists a page`).toBeDefined();
    pages.push(new URL(url!).pathname);
  }
  return pages;
}

const nonceOf = (policy: string | undefined) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? "")?.[1];

test("each response has a policy with a fresh nonce, which every script of the page carries", async ({
  request,
}) => {
  const [first, second] = [await request.get("/"), await request.get("/")];
  const policy = first.headers()["content-security-policy"]!;
  const nonce = nonceOf(policy)!;
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(nonceOf(second.headers()["content-security-policy"])).not.toBe(nonce);
  expect(policy.split("; ")).toEqual(
    expect.arrayContaining([
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'self'",
      "form-action 'self'",
    ]),
  );
  const scripts = (await first.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);

  for (const path of ["/", "/api/health", "/policies/privacy-policy.pdf", ...(await productPages(request))]) {
    const headers = (await request.get(path)).headers();
    expect(nonceOf(headers["content-security-policy"]), path).toBeDefined();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    // Served over plain http here: HSTS is for https only (src/proxy.test.ts covers https).
    expect(headers["strict-transport-security"], path).toBeUndefined();
  }
});

test("public and sign-in pages work under the policy", async ({ page, request }) => {
  const problems = await watchPolicy(page);
  for (const path of [
    "/",
    "/pricing/plans",
    "/pricing/choose-your-plan",
    "/policies/privacy-policy",
    "/policies/privacy-policy/text",
    "/policies/eula",
    "/payment/cancelled",
    "/blog/blog-index",
    "/blog/what-is-part-viiia",
    ...(await productPages(request)),
    "/account-management/signin",
    "/account-management/signup",
    `/account-management/verify?email=${encodeURIComponent(uniqueEmail("csp"))}`,
  ]) {
    await visit(page, path);
  }
  await visit(page, "/no-such-page", 404);
  // The product pages' price history is drawn by recharts, fetched when the chart scrolls into view:
  // a script chunk loaded by a script the policy trusts ('strict-dynamic').
  await visit(page, (await productPages(request))[0]!);
  await page.getByRole("img", { name: /^Line chart of the price of / }).scrollIntoViewIfNeeded();
  await expect(page.locator(".recharts-line-curve").first()).toBeVisible();
  expect(problems).toEqual([]);
});

test("a subscriber's pages, tables and charts work under the policy", async ({ page, baseURL }) => {
  test.setTimeout(120_000); // nine pages, each waited on to settle
  const problems = await watchPolicy(page);
  await signInByApi(page, baseURL!, demo.admin);
  for (const path of [
    "/account-management/dashboard",
    "/account-management/dashboard?section=manage-users",
    "/brands",
    "/concession-prices",
    "/reimbursement-info/broken-bulk",
    "/insights/additions-deletions",
  ]) {
    await visit(page, path);
  }
  await visit(page, "/drug-tariff-parts/partviiia");
  await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
  await visit(page, "/insights/price-changes-partviiia");
  await page.getByRole("img", { name: /^Bar chart of / }).scrollIntoViewIfNeeded();
  await expect(page.locator(".recharts-bar-rectangle").first()).toBeVisible();
  // A client-side navigation loads the next page's scripts.
  await (await openAppMenu(page)).getByRole("link", { name: "Branded Product Pricing" }).click();
  await expect(page).toHaveURL(/\/brands$/);
  await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
  expect(problems).toEqual([]);
});

test("the owner's pages work under the policy", async ({ page, baseURL }) => {
  const problems = await watchPolicy(page);
  await signInByApi(page, baseURL!, demo.owner);
  await visit(page, "/user-analytics");
  await visit(page, "/user-master-management");
  expect(problems).toEqual([]);
});

test("buying through the test checkout, the test portal and the dev mailbox work under the policy", async ({
  page,
  baseURL,
}) => {
  const problems = await watchPolicy(page);
  const buyer = await createPerson(uniqueEmail("csp-buyer"));
  await signInByApi(page, baseURL!, buyer.email, buyer.password);
  await visit(page, "/pricing/choose-your-plan");
  await page.getByRole("radio", { name: /5 Users/ }).check();
  await page.getByLabel("Organisation name").fill("Policy Pharmacy Ltd");
  await page.getByRole("button", { name: "Start free trial" }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\/tcs_[0-9a-f]{24}$/);
  // The button's own hydration: the page's part of the tree can hydrate after the layout's.
  const pay = page.getByRole("button", { name: "Start free trial" });
  await waitForHydration(pay);
  await pay.click();
  await expect(page).toHaveURL(/\/drug-tariff-parts\/partviiia\?paymentSuccess=true$/);

  await visit(page, "/account-management/dashboard?section=manage-users");
  await page.getByRole("button", { name: "Upgrade Plan" }).click();
  await expect(page).toHaveURL(/\/payment\/test-portal$/);
  await waitForHydration(page.locator('a[href="#main"]'));

  // An e-mail to read in the mailbox, shown in a frame under the same policy.
  const reset = await page.request.post("/api/auth/request-password-reset", {
    data: { email: buyer.email, redirectTo: "/account-management/update-password" },
    headers: { origin: baseURL! },
  });
  expect(reset.status()).toBe(200);
  await fetchLatestEmail(baseURL!, buyer.email, { timeoutMs: 15_000 });
  await visit(page, `/dev/mailbox?to=${encodeURIComponent(buyer.email)}`);
  await expect(page.locator("iframe[srcdoc]").first()).toBeVisible();
  expect(problems).toEqual([]);
});

test("the analytics script loads under the policy once cookies are accepted, and records the page view", async ({
  page,
  context,
}) => {
  await context.clearCookies();
  const problems = await watchPolicy(page);
  await visit(page, "/pricing/plans");
  const pageView = page.waitForResponse((response) => response.url().endsWith("/api/analytics/page-view"));
  await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
  expect((await pageView).status()).toBe(204);
  expect(
    await page.evaluate(() => (window as { __tariffscopeAnalytics?: boolean }).__tariffscopeAnalytics),
  ).toBe(true);
  expect(problems).toEqual([]);
});

test("script in markup that reaches a page does not run", async ({ page }) => {
  const problems = await watchPolicy(page);
  // As if the server had echoed unescaped input into the page: its real response and headers, plus markup.
  await page.route("**/pricing/plans", async (route) => {
    const response = await route.fetch();
    const injected =
      "<script>window.__injected = 1</script>" +
      '<img src="/no-such-image.png" onerror="window.__injected = 2">' +
      '<a id="injected" href="javascript:window.__injected = 3">Injected link</a>';
    await route.fulfill({ response, body: (await response.text()).replace("</body>", `${injected}</body>`) });
  });
  await page.goto("/pricing/plans");
  await page.locator("#injected").click();
  await expect
    .poll(
      () =>
        problems.filter((problem) => problem.startsWith("Content Security Policy violation: script-src"))
          .length,
    )
    .toBe(3);
  expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
});

const payloads = [
  `"><img src=x onerror="window.__injected=1">`,
  `</script><script>window.__injected=1</script>`,
  `javascript:window.__injected=1`,
];

test("search terms, redirects and mailbox filters from the address are shown as text, never run", async ({
  page,
  baseURL,
}) => {
  const problems = await watchPolicy(page);
  await signInByApi(page, baseURL!, demo.admin);
  for (const payload of payloads) {
    const value = encodeURIComponent(payload);
    for (const path of [
      `/drug-tariff-parts/partviiia?searchTerm=${value}`,
      `/account-management/signin?redirect=${value}`,
      `/dev/mailbox?to=${value}`,
    ]) {
      await visit(page, path);
      expect(await page.evaluate(() => (window as { __injected?: number }).__injected), path).toBeUndefined();
    }
  }
  expect(problems).toEqual([]);
});
