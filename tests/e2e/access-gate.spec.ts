import { expectNoAxeViolations } from "../fixtures/axe";
import { createPerson } from "./database";
import { demo, expect, signInByApi, test, uniqueEmail } from "./fixtures";

/**
 * The route classes of product §2.1, decided on the server (docs/security.md R1, abuse case 11): asked for
 * directly, without a browser, with and without a session, a subscription and an owner id.
 */
const subscriberPages = [
  "/drug-tariff-parts/partviiia",
  "/account-management/dashboard?section=personal-details",
];
const ownerPages = ["/user-analytics", "/user-master-management"];
/** Plain, as a React Server Component payload, and with the CVE-2025-29927 middleware-bypass header. */
const bypassAttempts: Record<string, string>[] = [
  {},
  { RSC: "1" },
  { "x-middleware-subrequest": "middleware" },
  { "x-middleware-subrequest": "src/proxy:src/proxy:src/proxy:src/proxy:src/proxy" },
];
const protectedText = /Amira|Daniel|Demo Pharmacy|Page views per day|All licences/;

test.describe("without a session", () => {
  for (const path of subscriberPages) {
    test(`${path} redirects to sign-in, keeping the way back, and shows no data`, async ({ request }) => {
      for (const headers of bypassAttempts) {
        const response = await request.get(path, { headers, maxRedirects: 0 });
        expect(response.status(), JSON.stringify(headers)).toBe(307);
        expect(response.headers().location).toBe(
          `/account-management/signin?redirect=${encodeURIComponent(path)}`,
        );
        expect(await response.text()).not.toMatch(protectedText);
      }
    });
  }

  test("a forged session cookie gets past the early redirect but not the page's own check", async ({
    request,
  }) => {
    const response = await request.get("/drug-tariff-parts/partviiia", {
      headers: { cookie: "better-auth.session_token=forged.value" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(307);
    expect(response.headers().location).toContain("/account-management/signin");
    expect(await response.text()).not.toMatch(protectedText);
  });

  for (const path of ownerPages) {
    test(`${path} answers 404`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(404);
      expect(await response.text()).not.toMatch(protectedText);
    });
  }
});

test("a signed-in user without a subscription is sent to choose a plan", async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, demo.newUser);
  for (const path of subscriberPages) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(response.headers().location).toBe("/pricing/choose-your-plan");
  }
  await page.goto("/drug-tariff-parts/partviiia");
  await expect(page).toHaveURL(/\/pricing\/choose-your-plan$/);
});

test("a subscriber gets the app, but the owner pages answer 404", async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, demo.admin);
  for (const path of subscriberPages)
    expect((await page.request.get(path, { maxRedirects: 0 })).status()).toBe(200);
  for (const path of ownerPages) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(404);
    // Nothing of the page, not even its title (in the document and the payload it carries).
    expect(await response.text()).not.toMatch(/Page views per day|All licences|User Analytics|Master Admin/);
  }
});

test("the owner account opens User Analytics and Master Admin", async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, demo.owner);
  await page.goto("/user-analytics");
  await expect(page.getByRole("heading", { level: 1, name: "User Analytics" })).toBeVisible();
  await page.goto("/user-master-management");
  await expect(page.getByRole("heading", { level: 1, name: "Master Admin" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Demo Pharmacy Ltd" })).toBeVisible();
});

test(
  "the public pages stay public for a signed-in user, whose top bar offers Sign Out and Access Platform",
  { tag: "@phone" },
  async ({ page, baseURL }) => {
    await signInByApi(page, baseURL!, demo.admin);
    await page.goto("/pricing/plans");
    const bar =
      page.viewportSize()!.width >= 768
        ? page.getByRole("navigation", { name: "Main" })
        : page.getByRole("navigation", { name: "Mobile" });
    await expect(bar.getByRole("link", { name: "Access Platform" })).toHaveAttribute(
      "href",
      "/drug-tariff-parts/partviiia",
    );
    // A phone's bar keeps Sign Out in its menu, beside Access Platform.
    if (page.viewportSize()!.width < 768) await bar.locator("summary").click();
    await bar.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(bar.getByRole("link", { name: "Log In" })).toBeVisible();
  },
);

test("a signed-in user without a licence is told why on Choose your plan, is not offered Access Platform, and sees the annual saving", async ({
  page,
  baseURL,
}) => {
  const person = await createPerson(uniqueEmail("no-licence"));
  await signInByApi(page, baseURL!, person.email, person.password);
  await page.goto("/drug-tariff-parts/partviiia");
  await expect(page).toHaveURL(/\/pricing\/choose-your-plan$/);
  const why = page.getByRole("status").filter({ hasText: "no active licence" });
  await expect(why).toContainText(person.email);
  await expect(why).toContainText("ask your organisation's admin to add you");
  // The top bar offers Sign Out (in its menu on a phone), but not a way in that only leads back here.
  const bar =
    page.viewportSize()!.width >= 768
      ? page.getByRole("navigation", { name: "Main" })
      : page.getByRole("navigation", { name: "Mobile" });
  if (page.viewportSize()!.width < 768) await bar.locator("summary").click();
  await expect(bar.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Access Platform" })).toHaveCount(0);

  await page.getByRole("radio", { name: /Single User/ }).check();
  await page.getByRole("radio", { name: /Annually/ }).check();
  await expect(page.getByRole("radio", { name: /Annually/ })).toHaveAccessibleName(/save 17%/);
  // Someone who has never had a trial is offered one (ADR 190), priced for after it.
  await expect(
    page.getByText("Single User: free for 14 days, then £249.00 a year (save 17%), excluding VAT"),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a subscriber is offered Access Platform on Choose your plan, and told nothing is missing", async ({
  page,
  baseURL,
}) => {
  const person = await createPerson(uniqueEmail("licensed"), { subscribed: true });
  await signInByApi(page, baseURL!, person.email, person.password);
  await page.goto("/pricing/choose-your-plan");
  await expect(page.getByRole("link", { name: "Access Platform" })).toBeVisible();
  await expect(page.getByText("no active licence")).toHaveCount(0);
});
