import { test as base, expect, type Browser, type Locator, type Page } from "@playwright/test";

import { fetchLatestEmail, extractCode } from "../fixtures/mailbox";

/**
 * Browser-test helpers for the account journeys. The test server trusts the runner as a proxy
 * (TRUSTED_PROXIES in playwright.config.ts), so each test can present its own client address and
 * the per-address rate limits of one test never touch another — as behind a real load balancer.
 */
let counter = 0;
function uniqueAddress(): string {
  counter += 1;
  return `198.18.${(process.pid + counter) % 250}.${(counter % 250) + 1}`;
}

export const test = base.extend<{ decidedAboutCookies: void }>({
  // The pointer starts at the page's right edge, not the top-left corner where the desktop menu's
  // rail sits: a pointer resting on the rail opens the menu over the page, as it should for a
  // person, and Chromium replays that rest after each scroll, so the open menu covered what a test
  // clicked next (seen in the margin check and the owner console).
  page: async ({ page }, use) => {
    const size = page.viewportSize();
    if (size) await page.mouse.move(size.width - 1, Math.round(size.height / 2));
    await use(page);
  },
  extraHTTPHeaders: async ({}, use) => {
    await use({ "x-forwarded-for": uniqueAddress() });
  },
  // A visitor who already answered the cookie notice, so it does not cover the controls under test.
  decidedAboutCookies: [
    async ({ context, baseURL }, use) => {
      await context.addCookies([{ name: "cookieConsent", value: "rejected", url: baseURL! }]);
      await use();
    },
    { auto: true },
  ],
});

export { expect };

export const demoPassword = "tariffscope-demo-1";
export const demo = {
  admin: "admin@demo.tariffscope.test",
  delegate: "delegate@demo.tariffscope.test",
  newUser: "newuser@demo.tariffscope.test",
  owner: "owner@demo.tariffscope.test",
};

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** Signs in through the API (Origin set, as the browser would); the page's context keeps the cookie. */
export async function signInByApi(page: Page, baseURL: string, email: string, password = demoPassword) {
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Fills the sign-up form and accepts both documents through their overlays. */
export async function fillSignUpForm(page: Page, email: string, password = "a long and unusual passphrase") {
  await page.goto("/account-management/signup");
  await page.getByLabel("First name").fill("Priya");
  await page.getByLabel("Last name").fill("Patel");
  await page.getByLabel("Occupation").fill("Pharmacist");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  for (const title of ["License Agreement", "Privacy Policy"]) {
    await page.getByRole("button", { name: `Read the ${title}` }).click();
    await page.getByRole("dialog", { name: title }).getByRole("button", { name: "Accept" }).click();
    await expect(page.getByText(`${title} accepted`)).toBeVisible();
  }
}

export async function readCode(baseURL: string, email: string, newerThan = 0) {
  const message = await fetchLatestEmail(baseURL, email, { newerThan, timeoutMs: 15_000 });
  return { code: extractCode(message.text), id: message.id, message };
}

/** Dispatches a real paste event carrying `text` to the focused element. */
export async function pasteInto(page: Page, selector: string, text: string) {
  await page.locator(selector).evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData("text/plain", value);
    element.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

/**
 * Opens the signed-in menu: the side menu on a phone, the sidebar on a desktop (opened from the
 * keyboard, which opens it at once). Returns the region holding the menu.
 */
export async function openAppMenu(page: Page) {
  if (page.viewportSize()!.width < 768) {
    await page.getByRole("button", { name: "Open menu" }).click();
    return page.getByRole("dialog", { name: "Menu" });
  }
  const sidebar = page.getByRole("complementary", { name: "Platform menu" });
  await sidebar.getByRole("button", { name: "Search TariffScope" }).focus();
  await expect(sidebar).toHaveAttribute("data-expanded", "true");
  return sidebar;
}

/** The one-time-code boxes' input (input-otp keeps one real input behind the six boxes). */
export const otpInput = 'input[autocomplete="one-time-code"]';

/**
 * Types a one-time code into the focused code boxes. The e-mail can arrive before the code dialog
 * or page has hydrated and focused its first box, so wait for that focus rather than type into
 * nothing; `expected` is what the boxes should then hold (typed text may carry noise to drop).
 */
export async function typeCode(page: Page, typed: string, expected = typed) {
  const input = page.locator(otpInput);
  await expect(input).toBeFocused();
  await page.keyboard.type(typed);
  await expect(input).toHaveValue(expected);
}

/**
 * Waits until React has hydrated an element: before that, typing into a server-rendered input can
 * be overwritten or doubled when React takes it over, which a loaded machine makes likely.
 */
export async function waitForHydration(locator: Locator) {
  await expect
    .poll(() =>
      locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"))),
    )
    .toBe(true);
}

/**
 * Collects what the browser reports as an error while the page is open: console errors (a failed
 * load, e.g. a missing favicon, React's hydration errors) and uncaught exceptions. Call before
 * `page.goto`; read the list after.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") {
      const { url } = message.location();
      errors.push(url ? `${message.text()} (${url})` : message.text());
    }
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/** The page is no wider than the window: nothing makes a phone scroll sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The element lies within the window's width and nothing inside it sticks out. */
export async function expectWithinWidth(locator: Locator) {
  const { left, right, overflow, width } = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      left: box.left,
      right: box.right,
      overflow: element.scrollWidth - element.clientWidth,
      width: window.innerWidth,
    };
  });
  expect(left).toBeGreaterThanOrEqual(0);
  expect(right).toBeLessThanOrEqual(width);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * A second person in a journey: their own browser context and client address, cookie notice
 * answered, not signed in. Close the returned context when done.
 */
export async function openElsewhere(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": uniqueAddress() } });
  await context.addCookies([{ name: "cookieConsent", value: "rejected", url: baseURL }]);
  return { context, page: await context.newPage() };
}

/** `openElsewhere`, signed in as the person. */
export async function signInElsewhere(
  browser: Browser,
  baseURL: string,
  person: { email: string; password: string },
) {
  const opened = await openElsewhere(browser, baseURL);
  await signInByApi(opened.page, baseURL, person.email, person.password);
  return opened;
}

/** On Manage Users, the admin asks the user with this e-mail to join, and closes the dialog. */
export async function sendRequestToJoin(page: Page, email: string) {
  await page.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog", { name: "Add User" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Search" }).click();
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText(`${email} will join your licence once they accept.`)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

/** The person accepts the one request to join a licence waiting for them, and lands in the app. */
export async function acceptRequestToJoin(
  browser: Browser,
  baseURL: string,
  person: { email: string; password: string },
) {
  const { context, page } = await signInElsewhere(browser, baseURL, person);
  await page.goto("/account-management/licence-requests");
  await page.getByRole("button", { name: "Accept and join" }).click();
  // Joining takes a seat in a transaction, e-mails the admin and opens Part VIIIA: on two shared
  // cores under two browsers that can take longer than an assertion's usual wait.
  await expect(page).toHaveURL(/\/drug-tariff-parts\/partviiia\?delegateSuccess=true$/, { timeout: 30_000 });
  await context.close();
}
