import type { Page } from "@playwright/test";

import { expectNoAxeViolations } from "../fixtures/axe";
import { createPerson } from "./database";
import {
  acceptRequestToJoin,
  demo,
  expect,
  fillSignUpForm,
  readCode,
  sendRequestToJoin,
  signInByApi,
  test,
  typeCode,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";

/**
 * Buying a plan on the embedded default, where the local test checkout and test portal stand in for
 * Stripe's hosted pages (ADR 020). Each test signs up its own user: the two browser projects run at once.
 */

async function signUpVerified(page: Page, baseURL: string, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await fillSignUpForm(page, email);
  await page.getByRole("button", { name: "Create account" }).click();
  const dialog = page.getByRole("dialog", { name: "Check your e-mail" });
  await expect(dialog).toBeVisible();
  const { code } = await readCode(baseURL, email);
  await typeCode(page, code);
  await dialog.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Verification Complete" })).toBeVisible();
  return email;
}

async function chooseFiveUsersMonthly(page: Page) {
  await page.goto("/pricing/choose-your-plan");
  await page.getByRole("radio", { name: /5 Users/ }).check();
  await page.getByRole("radio", { name: "Monthly" }).check();
  await page.getByLabel("Organisation name").fill("Harbour Pharmacy Ltd");
  await expect(page.getByText(/5 Users: £99\.99 a month, excluding VAT/)).toBeVisible();
}

test("a new user buys a 5-user plan, manages its users, lowers the seats in the portal and meets the over-limit modal", async ({
  page,
  baseURL,
  browser,
}) => {
  // The whole life of a plan, from sign-up through two colleagues who each accept, to the over-limit
  // modal: longer than one page's test.
  test.setTimeout(180_000);
  await signUpVerified(page, baseURL!, "buyer");
  await page.getByRole("link", { name: "Proceed with Free Trial" }).click();
  await expect(page).toHaveURL(/\/pricing\/choose-your-plan$/);

  await chooseFiveUsersMonthly(page);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page).toHaveURL(/\/payment\/test-checkout\/tcs_[0-9a-f]{24}$/);
  await expect(page.getByRole("note")).toContainText("Test mode: no real payment");
  await expect(page.getByRole("heading", { name: "Test payment" })).toBeVisible();
  const summary = page.locator("dl");
  await expect(summary).toContainText("5 Users");
  await expect(summary).toContainText("£99.99 a month, excluding VAT");
  await expect(summary).toContainText("Harbour Pharmacy Ltd");
  await expect(page.getByLabel(/card/i)).toHaveCount(0);
  await expectNoAxeViolations(page);

  const pay = page.getByRole("button", { name: "Pay £99.99" });
  await waitForHydration(pay);
  await pay.click();
  await expect(page).toHaveURL(/\/drug-tariff-parts\/partviiia\?paymentSuccess=true$/);
  await expect(page.getByRole("heading", { name: "Part VIIIA" })).toBeVisible();

  // The Billing section shows the plan as the provider holds it, and leads to its portal.
  await page.goto("/account-management/dashboard?section=billing");
  const billing = page.getByRole("region", { name: "Billing" });
  await expect(billing).toContainText("Harbour Pharmacy Ltd");
  await expect(billing).toContainText("5 Users");
  await expect(billing).toContainText("5 seats, 1 in use");
  await expect(billing).toContainText("Monthly");
  await expect(billing).toContainText("Active");
  const renewal = new Date();
  renewal.setUTCMonth(renewal.getUTCMonth() + 1);
  await expect(billing).toContainText(
    new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Europe/London",
    }).format(renewal),
  );
  await expect(billing).toContainText("The test checkout keeps no invoices");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await billing.getByRole("button", { name: "Change plan or cancel" }).click();
  await expect(page).toHaveURL(/\/payment\/test-portal$/);
  await expect(page.getByRole("button", { name: "Cancel subscription" })).toBeVisible();

  // Manage Users shows the plan just bought, with the buyer as its admin.
  await page.goto("/account-management/dashboard?section=manage-users");
  const details = page.getByRole("definition");
  await expect(details.nth(0)).toHaveText("Harbour Pharmacy Ltd");
  await expect(details.nth(1)).toHaveText("5 Users");
  await expect(details.nth(2)).toHaveText("4");

  // Two colleagues join (each accepts the admin's request), then the admin lowers the plan to 2 seats
  // in the portal (Upgrade Plan).
  for (const label of ["colleague-a", "colleague-b"]) {
    const colleague = await createPerson(uniqueEmail(label));
    await sendRequestToJoin(page, colleague.email);
    await acceptRequestToJoin(browser, baseURL!, colleague);
  }
  await page.reload();
  await expect(details.nth(2)).toHaveText("2");

  await page.getByRole("button", { name: "Upgrade Plan" }).click();
  await expect(page).toHaveURL(/\/payment\/test-portal$/);
  await expect(page.getByRole("note")).toContainText("Test mode: no real payment");
  await expect(page.getByTestId("portal-seats")).toHaveText("5");
  await expect(page.getByTestId("portal-status")).toHaveText("active");
  await expectNoAxeViolations(page);

  await page.getByLabel("Number of seats").fill("2");
  await page.getByRole("button", { name: "Change seats" }).click();
  await expect(page.getByRole("status")).toHaveText("Your licence now has 2 seats.");
  await expect(page.getByTestId("portal-seats")).toHaveText("2");

  // Three users on two seats: the over-limit modal stops the admin until someone is removed.
  await page.goto("/drug-tariff-parts/partviiia");
  const modal = page.getByRole("dialog", {
    name: "Number of users exceeds the user limit on your current plan",
  });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("button", { name: "Continue to App" })).toBeDisabled();
  await expect(modal.getByRole("button", { name: "Upgrade Plan" })).toBeVisible();
});

test("Cancel on the test checkout lands on /payment/cancelled with nothing bought, and no one else may open it", async ({
  page,
  baseURL,
  browser,
}) => {
  await signUpVerified(page, baseURL!, "canceller");
  await page.goto("/pricing/choose-your-plan?plan=single");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/payment\/test-checkout\/tcs_/);
  const checkoutUrl = page.url();
  await expect(page.locator("dl")).toContainText("Single User");

  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/payment\/cancelled$/);
  await expect(page.getByRole("heading", { name: "Payment cancelled" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/drug-tariff-parts/partviiia");
  await expect(page).toHaveURL(/\/pricing\/choose-your-plan$/);

  const other = await browser.newContext({
    baseURL: baseURL!,
    extraHTTPHeaders: {
      "x-forwarded-for": `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    },
  });
  const otherPage = await other.newPage();
  await signInByApi(otherPage, baseURL!, demo.delegate);
  const response = await otherPage.goto(checkoutUrl);
  expect(response?.status()).toBe(404);
  await other.close();
});

test("more than 10 users: the custom-plan enquiry is sent", async ({ page }) => {
  await page.goto("/pricing/choose-your-plan");
  await page.getByRole("radio", { name: /More than 10 users/ }).check();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByText("Please enter the number of users")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Your name").fill("Sam Lee");
  await page.getByLabel("Email").fill(uniqueEmail("enquiry"));
  await page.getByLabel("Organisation name").fill("Big Group plc");
  await page.getByLabel("Number of users").fill("10");
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByText("Custom plans start at 11 users")).toBeVisible();
  await page.getByLabel("Number of users").fill("40");
  await page.getByLabel(/Anything else/).fill("Twelve branches across the north west.");
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByRole("status")).toContainText("We have your enquiry");
  await expectNoAxeViolations(page);
});

test("the billing portal is POST-only, same-origin and for licence admins", async ({ page, baseURL }) => {
  expect((await page.request.get("/api/portal")).status()).toBe(405);
  const anonymous = await page.request.post("/api/portal", { data: {}, headers: { origin: baseURL! } });
  expect(anonymous.status()).toBe(401);

  await signInByApi(page, baseURL!, demo.delegate);
  const member = await page.request.post("/api/portal", { data: {}, headers: { origin: baseURL! } });
  expect(member.status()).toBe(403);
  const foreign = await page.request.post("/api/portal", {
    data: {},
    headers: { origin: "http://evil.example" },
  });
  expect(foreign.status()).toBe(403);
});

test("the Stripe webhook does not exist without a Stripe key", async ({ request }) => {
  const response = await request.post("/api/webhooks/stripe", {
    data: { id: "evt_1", type: "invoice.paid" },
  });
  expect(response.status()).toBe(404);
});

test("the Stripe SDK and its secrets never reach the browser (R22)", async ({ page }) => {
  await page.goto("/pricing/choose-your-plan");
  const scripts = await page
    .locator("script[src]")
    .evaluateAll((elements) => elements.map((element) => (element as HTMLScriptElement).src));
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) {
    const body = await (await page.request.get(src)).text();
    expect(body, src).not.toMatch(/api\.stripe\.com|whsec_|sk_(live|test)_|STRIPE_SECRET_KEY/);
  }
});
