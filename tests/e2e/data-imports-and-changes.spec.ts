import fs from "node:fs";

import { expectNoAxeViolations } from "../fixtures/axe";
import { hasRealData, realDataDir, realFile } from "../fixtures/real-data";
import { createPerson } from "./database";
import { exportCsv } from "./exports";
import { demo, expect, signInByApi, test, uniqueEmail } from "./fixtures";

/**
 * The data operations a person sees: the owner uploads a real NHSBSA file in the import console and
 * watches it go through uploading, reading and importing into the history; a subscriber then finds
 * that month's changes on /changes, exports them, and makes and revokes a private feed address.
 * Each width uploads a part of its own, so the two runs do not find each other's file unchanged.
 */
const files = {
  phone: {
    name: "cat_m_202507.csv",
    part: "cat-m",
    label: "Category M",
    rows: "612",
    month: "July 2025",
    period: "2025-07",
  },
  desktop: {
    name: "viii_b_202505.csv",
    part: "viiib",
    label: "Part VIIIB",
    rows: "494",
    month: "May 2025",
    period: "2025-05",
  },
} as const;

test("the owner uploads a real file with its progress shown, and a subscriber finds its changes on /changes", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(!hasRealData, `the real NHS files are not in ${realDataDir} (set REAL_DATA_DIR)`);
  test.setTimeout(240_000);
  const upload = files[testInfo.project.name === "phone" ? "phone" : "desktop"];
  const bytes = fs.readFileSync(realFile("nhsbsa-raw", upload.name));
  const before = new Date().toISOString();

  await signInByApi(page, baseURL!, demo.owner);
  await page.goto("/user-master-management");
  await page.getByRole("link", { name: "Data imports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Data imports" })).toBeVisible();
  await expect(page.getByTestId("next-scheduled-run")).not.toBeEmpty();
  // The schedules in words, not cron expressions.
  await expect(page.getByTestId("fetch-schedule")).toHaveText("Daily at 06:30 UK time");
  await expect(page.getByRole("heading", { level: 2, name: "Publisher watch" })).toBeVisible();
  await expect(page.getByTestId("poll-schedule")).toContainText(
    "CPE's price concessions page: every minute from 07:00 to 21:00 UK time, Monday to Friday; every 15 minutes otherwise.",
  );
  await expect(page.getByTestId("poll-schedule")).toContainText(
    "NHSBSA's Drug Tariff pages: every 15 minutes from the 15th of the month",
  );
  await expectNoAxeViolations(page);

  // A slow line, so the upload's progress is there to be seen (about four seconds for the file).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: Math.ceil(bytes.length / 4),
  });
  await page.getByLabel("or choose files:").setInputFiles(realFile("nhsbsa-raw", upload.name));
  const item = page.getByTestId("upload-item").filter({ hasText: upload.name });
  await expect(item.getByRole("progressbar", { name: /Uploading: \d+%/ })).toBeVisible();
  await expect(item).toContainText("imported", { timeout: 90_000 });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(item).toContainText(upload.label);
  await expect(item).toContainText(upload.period);
  await expect(item).toContainText(upload.rows);
  await expectNoAxeViolations(page);

  // The history, filtered with the keyboard to uploads only.
  const source = page.getByLabel("Source");
  await source.focus();
  await source.selectOption("upload");
  const filter = page.getByRole("button", { name: "Filter" });
  for (
    let presses = 0;
    presses < 6 && !(await filter.evaluate((button) => button === document.activeElement));
    presses++
  )
    await page.keyboard.press("Tab");
  await expect(filter).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/source=upload/);
  const history = page.getByRole("region", { name: "Import history" });
  await expect(history.getByText(upload.name).first()).toBeVisible({ timeout: 20_000 });
  await expect(history.getByRole("cell", { name: "Upload", exact: true }).first()).toBeVisible();
  // Its export: the uploads only, with their row counts as numbers.
  const imports = await exportCsv(
    page,
    page.getByRole("region", { name: "Import history, newest first", exact: true }).locator(".."),
  );
  expect(imports.name).toBe("import-history.csv");
  const uploaded = imports.records.find((record) => record.File === upload.name);
  expect(uploaded).toMatchObject({ Source: "Upload", Rows: upload.rows });

  // A subscriber's view of the same import.
  const reader = await createPerson(uniqueEmail("changes"), { subscribed: true });
  await signInByApi(page, baseURL!, reader.email, reader.password);
  await page.goto(`/changes?${new URLSearchParams({ since: before, part: upload.part })}`);
  await expect(page.getByRole("heading", { level: 1, name: "Changes" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: upload.month })).toBeVisible();
  const group = page.getByRole("heading", { level: 3, name: new RegExp(`^${upload.label}: \\d+ changes?$`) });
  await expect(group).toBeVisible();
  const count = Number(/: (\d+) change/.exec((await group.textContent()) ?? "")![1]);
  expect(count).toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  const csv = await exportCsv(page);
  expect(csv.name).toBe(`changes-${upload.part}-${upload.period}.csv`);
  expect(csv.header.slice(0, 6)).toEqual([
    "Name",
    "Change",
    "Pack",
    "Old price (£)",
    "New price (£)",
    "Change (%)",
  ]);
  expect(csv.rows).toHaveLength(count);

  // The private feed: made, read as a feed reader would (no session), revoked.
  await page.getByRole("button", { name: "Make a feed address" }).click();
  const address = page.getByLabel(/Your private feed address/);
  await expect(address).toBeVisible();
  const url = await address.inputValue();
  const anonymous = await page.context().browser()!.newContext();
  try {
    const feed = await anonymous.request.get(url);
    expect(feed.status()).toBe(200);
    // The address is the feed's secret: a link followed from a feed reader must not pass it on.
    expect(feed.headers()["referrer-policy"]).toBe("no-referrer");
    expect(await feed.text()).toContain(`${upload.label}, ${upload.month}`);
    await page.getByRole("button", { name: "Revoke the feed address" }).click();
    await expect(page.getByText("No feed address yet.")).toBeVisible();
    expect((await anonymous.request.get(url)).status()).toBe(404);
  } finally {
    await anonymous.close();
  }
  await expectNoAxeViolations(page);
});

test("anyone but the owner gets 404 on the import console, and the upload route refuses them", async ({
  page,
  baseURL,
}) => {
  const person = await createPerson(uniqueEmail("not-owner"), { subscribed: true });
  expect((await page.request.post("/api/owner/imports", { headers: { origin: baseURL! } })).status()).toBe(
    401,
  );
  await signInByApi(page, baseURL!, person.email, person.password);
  const response = await page.goto("/user-master-management/imports");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Upload files")).toHaveCount(0);
  // Nothing of the page itself, its title included, in the document or in the payload a client navigation reads.
  expect(await response!.text()).not.toContain("Data imports");
  const payload = await page.request.get("/user-master-management/imports", { headers: { RSC: "1" } });
  expect(await payload.text()).not.toContain("Data imports");
  const refused = await page.request.post("/api/owner/imports", {
    headers: { origin: baseURL!, "content-type": "application/octet-stream", "x-file-name": "x.csv" },
    data: Buffer.from("a,b\n"),
  });
  expect(refused.status()).toBe(403);
});
