import type { Locator } from "@playwright/test";

import { expectNoAxeViolations } from "../fixtures/axe";
import { createOrganisation } from "./database";
import { expect, expectNoSidewaysScroll, signInByApi, test, waitForHydration } from "./fixtures";

test("Help lists the articles, its filter narrows them to the ones that match, and it replays the tour", async ({
  page,
  baseURL,
}) => {
  const { admin } = await createOrganisation({ seats: 2, label: "help" });
  await signInByApi(page, baseURL!, admin.email, admin.password);

  await page.goto("/help");
  await expect(page.getByRole("heading", { level: 1, name: "Help" })).toBeVisible();
  const articles = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
  await expect(articles).toHaveCount(9);
  await expect(page.getByRole("heading", { level: 3, name: "Finding a price" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Replay the tour" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  const filter = page.getByLabel("Search help articles");
  await waitForHydration(filter);
  // "renewal" appears only in the body of the users-and-billing article, not in any title.
  await filter.fill("renewal");
  await expect(articles).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 3, name: "Managing users and billing" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("1 of 9 articles match");

  await page.getByRole("heading", { level: 3, name: "Managing users and billing" }).click();
  await expect(page.getByText("Each person takes one seat.")).toBeVisible();

  await filter.fill("no such words here");
  await expect(articles).toHaveCount(0);
  await expect(page.getByText(/No article matches/)).toBeVisible();

  // The tour can be replayed from Help at any time.
  await page.getByRole("button", { name: "Replay the tour" }).click();
  const tour = page.getByRole("alertdialog", { name: "Subscription Complete" });
  await expect(tour).toBeVisible();
  await tour.getByRole("button", { name: "Skip" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/help$/);
});

/** What a video element reports, read in the page. */
const playerState = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement) => {
    const tracks = Array.from(element.textTracks);
    const captions = tracks.find((track) => track.kind === "captions");
    const chapters = tracks.find((track) => track.kind === "chapters");
    return {
      readyState: element.readyState,
      currentTime: element.currentTime,
      captionsMode: captions?.mode,
      captionCues: captions?.cues?.length ?? 0,
      chapterCues: chapters?.cues?.length ?? 0,
    };
  });

test("Help plays a video tutorial with captions, its chapters seek, and nothing loads before it is played", async ({
  page,
  baseURL,
}) => {
  const { admin } = await createOrganisation({ seats: 2, label: "helpvideo" });
  await signInByApi(page, baseURL!, admin.email, admin.password);

  await page.goto("/help");
  const tutorials = page.getByRole("region", { name: "Video tutorials" });
  await expect(tutorials.getByRole("article")).toHaveCount(4);
  const tutorial = tutorials.getByRole("article", { name: "Searching for a price" });
  const video = tutorial.locator("video");
  await expect(video).toHaveAttribute("preload", "none");
  await expect(video).toHaveAttribute("poster", /\.jpg$/);
  expect((await playerState(video)).readyState).toBe(0);
  await expect(page.getByRole("heading", { level: 3, name: "Finding a price" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  const captions = tutorial.getByRole("button", { name: "Captions" });
  await waitForHydration(captions);
  await expect(captions).toHaveAttribute("aria-pressed", "true");
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(async () => (await playerState(video)).currentTime).toBeGreaterThan(0.5);
  await expect.poll(async () => (await playerState(video)).captionCues).toBeGreaterThan(2);
  const state = await playerState(video);
  expect(state.captionsMode).toBe("showing");
  // The chapters track is not shown by the browser: once enabled, it holds one cue per caption.
  await video.evaluate((element: HTMLVideoElement) => {
    const chapters = Array.from(element.textTracks).find((track) => track.kind === "chapters");
    if (chapters) chapters.mode = "hidden";
  });
  await expect.poll(async () => (await playerState(video)).chapterCues).toBe(state.captionCues);

  // Captions off and on again, from the keyboard.
  await captions.focus();
  await page.keyboard.press("Enter");
  await expect(captions).toHaveAttribute("aria-pressed", "false");
  expect((await playerState(video)).captionsMode).toBe("hidden");
  await page.keyboard.press("Enter");
  await expect(captions).toHaveAttribute("aria-pressed", "true");

  // Choosing the last chapter seeks to its start.
  const chapters = tutorial.getByRole("listitem").getByRole("button");
  const last = chapters.last();
  const [minutes, seconds] = (await last.locator("span").first().innerText()).split(":").map(Number);
  await last.focus();
  await page.keyboard.press("Enter");
  await expect
    .poll(async () => (await playerState(video)).currentTime)
    .toBeGreaterThanOrEqual(minutes! * 60 + seconds!);
  await expect(last).toHaveAttribute("aria-current", "step");

  // The transcript is the steps' text.
  await tutorial.getByText("Transcript").click();
  await expect(tutorial.getByText("Press Ctrl K on any page", { exact: false }).last()).toBeVisible();
});

test(
  "after paying, the eleven-step tour plays once: Skip ends it and a reload does not bring it back",
  { tag: "@phone" },
  async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const { admin } = await createOrganisation({ seats: 2, label: "tour" });
    await signInByApi(page, baseURL!, admin.email, admin.password);

    await page.goto("/drug-tariff-parts/partviiia?paymentSuccess=true");
    const welcome = page.getByRole("alertdialog", { name: "Subscription Complete" });
    await expect(welcome).toBeVisible({ timeout: 20_000 });
    await expect(welcome.getByRole("button", { name: "Next (1 of 11)" })).toBeVisible();
    await expect(welcome.getByRole("button", { name: "Skip" })).toBeVisible();
    await expect(welcome.getByRole("button", { name: "Close" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The second step points at the search box (the sidebar's, or the phone bar's button).
    await welcome.getByRole("button", { name: "Next (1 of 11)" }).click();
    const search = page.getByRole("alertdialog", { name: "Search" });
    await expect(search).toBeVisible();
    await expect(search).toContainText("Search every part of the Drug Tariff");

    await search.getByRole("button", { name: "Skip" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/drug-tariff-parts\/partviiia$/);

    await page.reload();
    await expect(page.getByRole("heading", { name: "Part VIIIA" })).toBeVisible();
    // Coming back to the same address with the parameter does not start it either: it is remembered.
    await page.goto("/drug-tariff-parts/partviiia?paymentSuccess=true");
    await expect(page.getByRole("heading", { name: "Part VIIIA" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  },
);

test("a delegate's tour describes only their own account, and ends with the support contact and Go to App", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { delegates } = await createOrganisation({ seats: 2, delegates: 1, label: "tourdelegate" });
  const delegate = delegates[0]!;
  await signInByApi(page, baseURL!, delegate.email, delegate.password);

  await page.goto("/drug-tariff-parts/partviiia?delegateSuccess=true");
  await expect(page.getByRole("alertdialog", { name: "Subscription Complete" })).toBeVisible({
    timeout: 20_000,
  });
  for (let step = 1; step <= 9; step++) {
    await page.getByRole("button", { name: `Next (${step} of 11)` }).click();
  }
  const account = page.getByRole("alertdialog", { name: "Account Management" });
  await expect(account).toContainText("edit your personal details and preferences and reset your password");
  await expect(account).not.toContainText("subscription");
  await account.getByRole("button", { name: "Next (10 of 11)" }).click();

  const last = page.getByRole("alertdialog", { name: "You're all set!" });
  await expect(last.getByRole("link", { name: /Contact support/ })).toHaveAttribute("href", /^mailto:/);
  await last.getByRole("button", { name: /Go to App/ }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/drug-tariff-parts\/partviiia$/);
});
