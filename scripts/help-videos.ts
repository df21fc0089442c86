import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

import { chromium, type Browser, type Page } from "@playwright/test";

import type { HelpVideo } from "../src/features/help/videos/catalogue";
import { helpVideoFile, helpVideosFolder } from "../src/features/help/videos/catalogue";
import { orderedSteps, writeVtt, type VideoStep } from "../src/features/help/videos/vtt";
import { debianChromium } from "./lib/chromium";

/**
 * `npm run help:videos`: records the help centre's video tutorials from scripted journeys through the
 * production build, on a fresh embedded database with the sample data and the demo accounts (ADR 132).
 * Each journey's steps say what the caption shows while they run, so the captions, chapters and
 * transcript are written from the same steps as the picture. Re-run it when the UI changes, and commit
 * public/help/videos (its manifest.json is what /help lists; read per request, so no rebuild is needed).
 */

const port = 3131;
const baseURL = `http://localhost:${port}`;
const dataDir = ".data-help-videos";
const outputDir = path.join(...helpVideosFolder);
const manifestFile = path.join(outputDir, "manifest.json");
const size = { width: 1280, height: 720 };
/** How long each caption stays up after its step's action, so it can be read. */
const readingTime = 3_500;
const maxBytes = 3 * 1024 * 1024;
const log = (message: string) => console.log(`[help:videos] ${message}`);

type Step = { caption: string; act: (page: Page) => Promise<void> };
type Journey = { slug: string; title: string; description: string; steps: Step[] };

const searchBox = (page: Page) => page.getByRole("combobox", { name: "Search the whole of TariffScope" });

async function openSearch(page: Page): Promise<void> {
  // The shortcut works once the page has hydrated: press until it opens.
  for (let attempt = 0; attempt < 60; attempt++) {
    await page.keyboard.press("Control+k");
    if (await searchBox(page).isVisible()) return;
    await page.waitForTimeout(500);
  }
  throw new Error("The search did not open with Ctrl K.");
}

async function searchFor(page: Page, term: string): Promise<void> {
  await searchBox(page).pressSequentially(term, { delay: 90 });
  await page
    .getByRole("dialog", { name: "Search" })
    .getByRole("status")
    .filter({ hasText: /results? for/ })
    .waitFor();
}

async function openFirstViiiaResult(page: Page): Promise<void> {
  await page
    .getByRole("dialog", { name: "Search" })
    .getByRole("group", { name: /^Part VIIIA\s*:/ })
    .getByRole("option")
    .first()
    .click();
  await page.waitForURL(/\/drug-info\//);
  await page.getByRole("heading", { level: 1 }).waitFor();
}

async function openPartViiia(page: Page): Promise<void> {
  await page.goto("/drug-tariff-parts/partviiia");
  await page.getByRole("heading", { level: 1, name: "Part VIIIA" }).waitFor();
}

const journeys: Journey[] = [
  {
    slug: "finding-a-price",
    title: "Searching for a price",
    description: "Search the whole Drug Tariff and read a product page.",
    steps: [
      {
        caption: "Every list opens on the latest month of the Drug Tariff: here, Part VIIIA.",
        act: openPartViiia,
      },
      {
        caption: "Press Ctrl K on any page (⌘ K on a Mac) to search everything at once.",
        act: openSearch,
      },
      {
        caption: "Type part of a name: results come back grouped by part of the Drug Tariff.",
        act: (page) => searchFor(page, "amlodipine"),
      },
      {
        caption: "Choose a result to open its product page, with the current price and pack size.",
        act: openFirstViiiaResult,
      },
      {
        caption: "Further down, the chart shows how the price has moved month by month.",
        act: (page) => page.mouse.wheel(0, 500),
      },
    ],
  },
  {
    slug: "parts-and-lists",
    title: "Lists, filters and CSV export",
    description: "Narrow a list with its filter, choose a month and export what you see.",
    steps: [
      {
        caption: "Open a list from the menu, for example Drug Tariff Prices, Part VIIIA.",
        act: openPartViiia,
      },
      {
        caption: "Type in the list's filter box: the rows narrow as you type.",
        act: (page) => page.getByLabel("Search medicines").pressSequentially("paracetamol", { delay: 90 }),
      },
      {
        caption: "Pick another month to see the prices it held.",
        act: async (page) => {
          const month = page.getByLabel("Month", { exact: true });
          const values = await month
            .locator("option")
            .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
          await month.selectOption(values[1] ?? values[0]!);
        },
      },
      {
        caption: "Export CSV downloads exactly the rows shown, for a spreadsheet.",
        act: async (page) => {
          const download = page.waitForEvent("download");
          await page.getByRole("button", { name: "Export CSV" }).click();
          await download;
        },
      },
    ],
  },
  {
    slug: "watchlists-and-alerts",
    title: "Watchlists",
    description: "Keep the packs you order on a watchlist and follow their prices.",
    steps: [
      {
        caption: "Watchlists keep the packs you care about in one place.",
        act: async (page) => {
          await page.goto("/manage-watchlists-login");
          await page.getByRole("heading", { level: 1, name: "Watchlists" }).waitFor();
        },
      },
      {
        caption: "Name a new watchlist and create it.",
        act: async (page) => {
          await page.getByLabel("New watchlist").pressSequentially("Monthly order", { delay: 90 });
          await page.getByRole("button", { name: "Create" }).click();
          await page.getByRole("heading", { level: 2, name: "Monthly order" }).waitFor();
        },
      },
      {
        caption: "Find a pack with the search, and open its product page.",
        act: async (page) => {
          await openSearch(page);
          await searchFor(page, "atorvastatin");
          await openFirstViiiaResult(page);
        },
      },
      {
        caption: "Choose the watchlist and add the pack to it.",
        act: async (page) => {
          await page.getByLabel("Watchlist", { exact: true }).selectOption({ label: "Monthly order" });
          await page.getByRole("button", { name: /^Add to watchlist/ }).click();
          await page.getByText("Added to Monthly order.").waitFor();
        },
      },
      {
        caption: "The watchlist shows each pack's latest price, and exports as CSV.",
        act: async (page) => {
          await page.getByRole("link", { name: "View watchlist" }).click();
          await page.getByRole("heading", { level: 2, name: "Monthly order" }).waitFor();
        },
      },
    ],
  },
  {
    slug: "managing-users-and-billing",
    title: "Managing users",
    description: "See who is on your licence and invite a colleague to a seat.",
    steps: [
      {
        caption: "Account Management, Manage Users, lists everyone on your licence and the seats used.",
        act: async (page) => {
          await page.goto("/account-management/dashboard?section=manage-users");
          await page.getByRole("region", { name: "Users on this licence" }).waitFor();
        },
      },
      {
        caption: "Add User asks for your colleague's e-mail address.",
        act: async (page) => {
          await page.getByRole("button", { name: "Add User" }).click();
          await page
            .getByRole("dialog", { name: "Add User" })
            .getByLabel("Email")
            .pressSequentially("colleague@example.test", { delay: 80 });
        },
      },
      {
        caption: "Search finds whether they already have an account, then you send the invitation.",
        act: async (page) => {
          await page
            .getByRole("dialog", { name: "Add User" })
            .getByRole("button", { name: "Search" })
            .click();
          await page.waitForTimeout(1_000);
        },
      },
    ],
  },
];

/** Debian's ffmpeg (or any on the PATH): Playwright cannot download its own here. */
function findFfmpeg(): string {
  const found = spawnSync("sh", ["-c", "command -v ffmpeg"], { encoding: "utf8" }).stdout.trim();
  if (found) return found;
  console.error(
    [
      "",
      "npm run help:videos needs ffmpeg to record and encode the videos, and none is installed.",
      "  Debian/Ubuntu:  sudo apt-get install -y ffmpeg",
      "  macOS:          brew install ffmpeg",
      "Then run npm run help:videos again.",
      "",
    ].join("\n"),
  );
  process.exit(2);
}

/**
 * Playwright records through the ffmpeg of its own browser downloads; we point that path at the
 * system's (ADR 132). Its place follows the ffmpeg revision in playwright-core's browsers.json.
 */
function linkPlaywrightFfmpeg(ffmpeg: string): void {
  const require = createRequire(import.meta.url);
  const packageRoot = path.dirname(require.resolve("playwright-core/package.json"));
  const browsers = JSON.parse(fs.readFileSync(path.join(packageRoot, "browsers.json"), "utf8")) as {
    browsers: { name: string; revision: string }[];
  };
  const revision = browsers.browsers.find((browser) => browser.name === "ffmpeg")?.revision;
  if (!revision) throw new Error("playwright-core/browsers.json names no ffmpeg revision.");
  const root = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), ".cache", "ms-playwright");
  const executable = path.join(
    root,
    `ffmpeg-${revision}`,
    process.platform === "darwin" ? "ffmpeg-mac" : "ffmpeg-linux",
  );
  if (fs.existsSync(executable)) return;
  fs.mkdirSync(path.dirname(executable), { recursive: true });
  fs.symlinkSync(ffmpeg, executable);
  log(`Linked ${executable} to ${ffmpeg}.`);
}

function startServer(): ChildProcess {
  log(`Starting the production build on ${baseURL} with a fresh database in ${dataDir}/ …`);
  return spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    stdio: "inherit",
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
  });
}

async function waitUntilHealthy(server: ChildProcess): Promise<void> {
  // A first start loads the sample data and builds the app: on a busy machine that takes long.
  for (let attempt = 0; attempt < 3_600; attempt++) {
    if (server.exitCode !== null) throw new Error("The server stopped before it was ready.");
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("The server was not ready after thirty minutes.");
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

function run(ffmpeg: string, args: string[]): void {
  const result = spawnSync(ffmpeg, ["-hide_banner", "-loglevel", "error", "-y", ...args], {
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`ffmpeg ${args.join(" ")} failed.`);
}

/** Plays one journey in a fresh recorded window of the demo admin, and returns its timed steps. */
async function record(
  browser: Browser,
  journey: Journey,
  recordings: string,
): Promise<{ raw: string; steps: VideoStep[] }> {
  const signIn = await browser.newContext({ baseURL });
  const response = await signIn.request.post("/api/auth/sign-in/email", {
    data: { email: "admin@demo.tariffscope.test", password: "tariffscope-demo-1" },
    headers: { origin: baseURL },
  });
  if (!response.ok()) throw new Error(`Signing in the demo admin failed: ${response.status()}`);
  const storageState = await signIn.storageState();
  await signIn.close();

  const context = await browser.newContext({
    baseURL,
    storageState,
    viewport: size,
    locale: "en-GB",
    timezoneId: "Europe/London",
    recordVideo: { dir: recordings, size },
  });
  await context.addCookies([{ name: "cookieConsent", value: "rejected", url: baseURL }]);
  const page = await context.newPage();
  // The recording starts with the page.
  const started = Date.now();
  const steps: VideoStep[] = [];
  for (const step of journey.steps) {
    const start = Date.now() - started;
    log(`  ${journey.slug}: ${step.caption}`);
    await step.act(page);
    await page.waitForTimeout(readingTime);
    steps.push({ start, end: Date.now() - started, text: step.caption });
  }
  const video = page.video();
  await context.close();
  if (!video) throw new Error("Playwright recorded no video.");
  return { raw: await video.path(), steps };
}

/** Re-encodes Playwright's recording as VP9 (far smaller for a screen), and takes a poster frame. */
function encode(ffmpeg: string, raw: string, slug: string, steps: VideoStep[]): number {
  const video = path.join(outputDir, `${slug}.webm`);
  run(ffmpeg, [
    "-i",
    raw,
    "-an",
    "-c:v",
    "libvpx-vp9",
    "-b:v",
    "0",
    "-crf",
    "42",
    "-row-mt",
    "1",
    "-deadline",
    "good",
    "-cpu-used",
    "4",
    "-threads",
    "2",
    video,
  ]);
  if (fs.statSync(video).size >= maxBytes) throw new Error(`${video} is 3 MB or more: shorten the journey.`);
  // The poster: the last step's picture, once its action has shown its result.
  const poster = steps.at(-1)!.start + 2_000;
  run(ffmpeg, [
    "-ss",
    String(poster / 1000),
    "-i",
    video,
    "-frames:v",
    "1",
    "-q:v",
    "4",
    path.join(outputDir, `${slug}.jpg`),
  ]);
  return steps.at(-1)!.end;
}

async function main(): Promise<void> {
  const ffmpeg = findFfmpeg();
  linkPlaywrightFfmpeg(ffmpeg);
  fs.mkdirSync(outputDir, { recursive: true });
  const recordings = fs.mkdtempSync(path.join(os.tmpdir(), "help-videos-"));
  const server = startServer();
  const stop = () => void stopServer(server).then(() => process.exit(130));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  const videos: HelpVideo[] = [];
  try {
    await waitUntilHealthy(server);
    const browser = await chromium.launch(debianChromium);
    try {
      for (const journey of journeys) {
        const { raw, steps: timed } = await record(browser, journey, recordings);
        const steps = orderedSteps(timed);
        const duration = encode(ffmpeg, raw, journey.slug, steps);
        const file = (extension: string) => path.join(outputDir, `${journey.slug}${extension}`);
        fs.writeFileSync(file(".vtt"), writeVtt(steps));
        fs.writeFileSync(file(".chapters.vtt"), writeVtt(steps));
        fs.writeFileSync(file(".txt"), `${journey.title}\n\n${steps.map((step) => step.text).join("\n")}\n`);
        videos.push({
          slug: journey.slug,
          title: journey.title,
          description: journey.description,
          duration,
          src: helpVideoFile(journey.slug, ".webm"),
          poster: helpVideoFile(journey.slug, ".jpg"),
          captions: helpVideoFile(journey.slug, ".vtt"),
          chapters: helpVideoFile(journey.slug, ".chapters.vtt"),
          steps,
        });
        log(`  wrote ${file(".webm")} (${(fs.statSync(file(".webm")).size / 1024).toFixed(0)} KB)`);
      }
    } finally {
      await browser.close();
    }
    fs.writeFileSync(manifestFile, `${JSON.stringify({ videos }, null, 2)}\n`);
    log(`Wrote ${manifestFile}: commit ${outputDir}/.`);
  } finally {
    await stopServer(server);
    fs.rmSync(recordings, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
