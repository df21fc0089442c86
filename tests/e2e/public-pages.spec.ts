import { expect, test } from "@playwright/test";

import { expectNoAxeViolations } from "../fixtures/axe";
import { collectConsoleErrors, demo, signInByApi, test as withAccount } from "./fixtures";

/** Every public page, at the phone and desktop widths of the two projects. */
const pages = [
  { path: "/", heading: /NHS Drug Tariff, clear and searchable/ },
  { path: "/pricing/plans", heading: "Plans and pricing" },
  { path: "/pricing/choose-your-plan", heading: "Choose your plan" },
  { path: "/policies/privacy-policy", heading: "Privacy Policy" },
  { path: "/policies/privacy-policy/text", heading: "Privacy Policy" },
  { path: "/policies/eula", heading: "License Agreement" },
  { path: "/payment/cancelled", heading: "Payment cancelled" },
  { path: "/blog/blog-index", heading: "Blog" },
  { path: "/blog/what-is-the-drug-tariff", heading: /Drug Tariff/ },
  { path: "/blog/how-does-the-drug-tariff-work", heading: /Drug Tariff/ },
  { path: "/blog/what-is-part-viiia", heading: /VIIIA/ },
  { path: "/blog/what-is-part-viiib", heading: /VIIIB/ },
  { path: "/blog/what-is-part-viiid", heading: /VIIID/ },
  { path: "/blog/what-is-part-ix", heading: /Part IX/ },
  { path: "/blog/discount-deduction", heading: /[Dd]iscount/ },
  { path: "/blog/local-pharmacy-marketing", heading: /[Mm]arketing/ },
];

test.beforeEach(async ({ context, baseURL }) => {
  // A decided visitor: the consent banner is tested on its own below.
  await context.addCookies([{ name: "cookieConsent", value: "rejected", url: baseURL! }]);
});

// Width and axe are checked for every page, public ones included, by every-page.spec.ts.
test("every public page answers with its own heading and the licence footer", async ({ page }) => {
  for (const { path, heading } of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
    await expect(page.getByRole("contentinfo"), path).toContainText("Open Government Licence");
  }
});

test(
  "the top bar offers Blog, Pricing, Get Started and Log In on a desktop, and Sign Up and Log In on a phone",
  { tag: "@phone" },
  async ({ page }) => {
    await page.goto("/");
    const width = page.viewportSize()!.width;
    if (width >= 768) {
      const main = page.getByRole("navigation", { name: "Main" });
      await expect(main.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog/blog-index");
      await expect(main.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing/plans");
      await expect(main.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/pricing/plans");
      await expect(main.getByRole("link", { name: "Log In" })).toHaveAttribute(
        "href",
        "/account-management/signin",
      );
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    } else {
      const mobile = page.getByRole("navigation", { name: "Mobile" });
      await expect(mobile.getByRole("link", { name: "Sign Up" })).toHaveAttribute(
        "href",
        "/account-management/signup",
      );
      await expect(mobile.getByRole("link", { name: "Log In" })).toHaveAttribute(
        "href",
        "/account-management/signin",
      );
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    }
  },
);

test("the home page's first load logs no error: the icons the page names are there", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  // The browser asks for /favicon.ico whatever the page names.
  const favicon = await page.request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toBe("image/x-icon");
  const head = page.locator("head");
  const icon = await head.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute("href");
  const appleIcon = await head.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  const manifestHref = await head.locator('link[rel="manifest"]').getAttribute("href");
  const expectServed = async (href: string, type: string) => {
    const response = await page.request.get(href);
    expect(response.status(), href).toBe(200);
    expect(response.headers()["content-type"], href).toContain(type);
    return response;
  };
  await expectServed(icon!, "image/svg+xml");
  await expectServed(appleIcon!, "image/png");
  // A phone's home screen: the manifest names the product and icons of the sizes it asks for.
  const manifest = await (await expectServed(manifestHref!, "application/manifest+json")).json();
  expect(manifest.name).toBe("TariffScope");
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[];
  expect(icons.map(({ sizes }) => sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(icons.some(({ purpose }) => purpose === "maskable")).toBe(true);
  for (const { src, type } of icons) await expectServed(src, type);
  expect(errors).toEqual([]);
});

test(
  "every 'Get Started' leads to the plans, on a phone as on a desktop",
  { tag: "@phone" },
  async ({ page }) => {
    await page.goto("/");
    const links = page.getByRole("link", { name: "Get Started" });
    await expect(links.first()).toBeVisible();
    for (const link of await links.all()) await expect(link).toHaveAttribute("href", "/pricing/plans");
  },
);

test("the home page opens without the 2024 subscription notice, and its part and list tiles lead to sign-up", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("Subscription plans are now required");
  await expect(page.getByRole("main")).not.toContainText("EARLYBIRD10");
  for (const name of ["Part VIIIA", "Category M", "Broken Bulk", "Discount Not Deducted"]) {
    await expect(page.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute(
      "href",
      "/account-management/signup",
    );
  }
  await expectNoAxeViolations(page);
});

withAccount("signed in, the home page's tiles open the lists themselves", async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, demo.delegate);
  await page.goto("/");
  await expect(page.getByRole("link", { name: /^Part VIIIA/ })).toHaveAttribute(
    "href",
    "/drug-tariff-parts/partviiia",
  );
  await page.getByRole("link", { name: /^Broken Bulk/ }).click();
  await expect(page).toHaveURL(/\/reimbursement-info\/broken-bulk$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Broken Bulk");
});

test("the blog index lists the eight articles with a thumbnail served through the image optimiser", async ({
  page,
}) => {
  await page.goto("/blog/blog-index");
  const articles = page.getByRole("article");
  await expect(articles).toHaveCount(8);
  for (const article of await articles.all()) {
    await expect(article.getByRole("heading", { level: 2 })).not.toBeEmpty();
    await expect(article.getByRole("img")).toHaveAttribute("src", /\/_next\/image\?url=%2Fblog%2F/);
  }
  await articles.first().getByRole("link").click();
  await expect(page).toHaveURL(/\/blog\/what-is-the-drug-tariff$/);
});

test("the privacy policy embeds the PDF in an 800px frame titled 'Privacy Policy', with an HTML fallback", async ({
  page,
  request,
}) => {
  await page.goto("/policies/privacy-policy");
  const frame = page.locator('iframe[title="Privacy Policy"]');
  await expect(frame).toHaveAttribute("src", "/policies/privacy-policy.pdf");
  expect((await frame.boundingBox())?.height).toBe(800);
  const pdf = await request.get("/policies/privacy-policy.pdf");
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await page.getByRole("link", { name: "Read the privacy policy as a web page" }).click();
  await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
});

test("choosing a plan while signed out leads to sign-in, and back to the same plan", async ({ page }) => {
  await page.goto("/pricing/plans");
  await expect(
    page.getByText(/14-day free trial\. Start with a 14-day free trial of any plan/),
  ).toBeVisible();
  await page.getByRole("link", { name: "Choose the 5 Users plan" }).click();
  await expect(page.getByRole("radio", { name: /5 Users/ })).toBeChecked();
  await page.getByRole("radio", { name: "Annually" }).check();
  await page.getByLabel("Organisation name").fill("Harbour Pharmacy Ltd");
  await page.getByRole("button", { name: "Start free trial" }).click();
  await expect(page).toHaveURL(
    `/account-management/signin?redirect=${encodeURIComponent("/pricing/choose-your-plan?plan=multi-5")}`,
  );
});

test("an unknown address shows the 404 page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("sitemap.xml, robots.txt and the health check answer", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toContain("/blog/discount-deduction</loc>");
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toMatch(/Disallow: \/drug-tariff-parts\//);
  expect(await (await request.get("/api/health")).json()).toEqual({ status: "ok", db: "ok" });
});
