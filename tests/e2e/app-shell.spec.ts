import { expectNoAxeViolations } from "../fixtures/axe";
import { createPerson } from "./database";
import { expect, openAppMenu, signInByApi, test, uniqueEmail, waitForHydration } from "./fixtures";

async function subscriber(page: import("@playwright/test").Page, baseURL: string) {
  const person = await createPerson(uniqueEmail("shell"), { subscribed: true });
  await signInByApi(page, baseURL, person.email, person.password);
  return person;
}

test(
  "the menu opens one group at a time and holds the user block",
  { tag: "@phone" },
  async ({ page, baseURL }) => {
    const person = await subscriber(page, baseURL!);
    await page.goto("/account-management/dashboard?section=personal-details");
    const menu = await openAppMenu(page);
    const tariff = menu.getByRole("button", { name: "Drug Tariff Prices" });
    const reimbursement = menu.getByRole("button", { name: "Reimbursement Info" });
    await tariff.click();
    await expect(tariff).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link", { name: "Part VIIIB" })).toBeVisible();
    await reimbursement.click();
    await expect(reimbursement).toHaveAttribute("aria-expanded", "true");
    await expect(tariff).toHaveAttribute("aria-expanded", "false");
    await expect(menu.getByRole("link", { name: "Part VIIIB" })).toBeHidden();
    await expect(menu.getByRole("link", { name: "Special Container List" })).toBeVisible();
    for (const name of [
      "Branded Product Pricing",
      "Price Concessions",
      "Changes",
      "Watchlists",
      "Help",
      "Blog",
      "License Agreement",
      "Privacy Policy",
      "Account Management",
    ]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }
    await expect(menu).toContainText(person.email);
    await expect(menu.getByRole("link", { name: "User Analytics" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  },
);

// The sidebar is the desktop layout; phones use the side menu (the phone project runs only @phone tests).
test("on a desktop the sidebar opens on hover and, on leaving or following a link, collapses and closes its groups", async ({
  page,
  baseURL,
}) => {
  await subscriber(page, baseURL!);
  await page.goto("/drug-tariff-parts/partviiia");
  const sidebar = page.getByRole("complementary", { name: "Platform menu" });
  await expect(sidebar).toHaveAttribute("data-expanded", "false");
  // The pointer comes from the page, as a person's does: one resting at the window's corner (over the
  // sidebar) before React has taken the sidebar over has entered nothing that listens.
  await waitForHydration(sidebar);
  await page.mouse.move(900, 400);
  await sidebar.hover();
  await expect(sidebar).toHaveAttribute("data-expanded", "true");
  await sidebar.getByRole("button", { name: "Insights" }).click();
  await expect(sidebar.getByRole("link", { name: "Category Changes" })).toBeVisible();
  await page.mouse.move(900, 400);
  await expect(sidebar).toHaveAttribute("data-expanded", "false");
  await sidebar.hover();
  await expect(sidebar.getByRole("button", { name: "Insights" })).toHaveAttribute("aria-expanded", "false");

  // A link chosen from the open menu closes it, though the pointer is still over it: the page it
  // leads to is not left under the menu.
  await sidebar.getByRole("button", { name: "Insights" }).click();
  await sidebar.getByRole("link", { name: "Category Changes" }).click();
  await expect(page).toHaveURL(/\/insights\/category-changes/);
  await expect(sidebar).toHaveAttribute("data-expanded", "false");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test(
  "switching to Northern Ireland hides and relabels entries, and survives a reload",
  { tag: "@phone" },
  async ({ page, baseURL }) => {
    await subscriber(page, baseURL!);
    await page.goto("/drug-tariff-parts/partviiia");
    let menu = await openAppMenu(page);
    await menu.getByRole("radio", { name: "Northern Ireland" }).click();
    await expect(menu.getByRole("radio", { name: "Northern Ireland" })).toBeChecked();
    await expect(menu.getByRole("button", { name: "Reimbursement Info" })).toHaveCount(0);
    await menu.getByRole("button", { name: "Drug Tariff Prices" }).click();
    for (const name of ["Part I", "Part II & III", "Part XI", "Zero Discount List"])
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    for (const name of ["Part VIIIB", "Part VIIID", "Part VIIIA"])
      await expect(menu.getByRole("link", { name, exact: true })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Part I");

    await page.reload();
    menu = await openAppMenu(page);
    await expect(menu.getByRole("radio", { name: "Northern Ireland" })).toBeChecked();
    await expect(menu.getByRole("button", { name: "Reimbursement Info" })).toHaveCount(0);
  },
);

/** The search dialog's shortcut hints: "Ctrl K" on the menu's search box, "Alt+W" in the dialog. */
async function searchHints(page: import("@playwright/test").Page) {
  const menu = await openAppMenu(page);
  const searchButton = menu.getByRole("button", { name: "Search TariffScope" });
  const ctrlK = searchButton.getByText("Ctrl K");
  await expect(searchButton).toBeVisible();
  return { menu, searchButton, ctrlK };
}

test(
  "keyboard hints are not shown on a phone, where there is no keyboard to press them",
  { tag: "@phone" },
  async ({ page, baseURL }) => {
    // A sign-in, a list page, the menu and the search dialog: more than a minute on a loaded machine.
    test.slow();
    await page.setViewportSize({ width: 375, height: 812 });
    await subscriber(page, baseURL!);
    await page.goto("/drug-tariff-parts/partviiia");
    const { searchButton, ctrlK } = await searchHints(page);
    await expect(ctrlK).toBeHidden();
    await searchButton.click();
    const dialog = page.getByRole("dialog", { name: "Search" });
    await expect(dialog.getByRole("button", { name: "Add to watchlist" })).toBeVisible();
    await expect(dialog.getByText("Alt+W")).toBeHidden();
  },
);

test("keyboard hints are shown beside a keyboard on a desktop", async ({ page, baseURL }) => {
  test.slow();
  await subscriber(page, baseURL!);
  await page.goto("/drug-tariff-parts/partviiia");
  const { searchButton, ctrlK } = await searchHints(page);
  await expect(ctrlK).toBeVisible();
  await searchButton.click();
  const dialog = page.getByRole("dialog", { name: "Search" });
  await expect(dialog.getByText("Alt+W")).toBeVisible();
});
