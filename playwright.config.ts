import { defineConfig, devices } from "@playwright/test";

import { debianChromium, testChromium } from "./scripts/lib/chromium";

/**
 * Browser tests run Debian's Chromium (desktop tests in its headless shell where installed, ADR 216) against a production build
 * served by `npm start` on a fresh embedded database of its own (ADR 003).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? ".data-e2e";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  // Two cores run the server, two browsers and the runner, at a load average near 10: a sign-in
  // (a password hash, then the next page) has been seen to take over 10 s. A wait ends as soon as
  // its condition holds, so a longer limit costs time only when a test is failing anyway.
  expect: { timeout: 20_000 },
  forbidOnly: true,
  reporter: process.env.PLAYWRIGHT_JSON_REPORT
    ? [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_REPORT }]]
    : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    locale: "en-GB",
    timezoneId: "Europe/London",
  },
  projects: [
    {
      name: "phone",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 375, height: 812 },
        hasTouch: true,
        isMobile: false,
        // The full browser: a tap there is followed by the mouse events a phone's browser sends,
        // which the headless shell leaves out (a chart's tooltip opens on them).
        launchOptions: debianChromium,
      },
      // At phone width: every page (fits the screen, passes axe) and the tests tagged @phone, whose
      // controls or layout a phone changes (its menu, the code dialog, tables, tooltips on tap).
      // Every other journey runs once, on the desktop (ADR 215).
      grep: /@phone/,
    },
    {
      name: "desktop",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        launchOptions: testChromium,
      },
    },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "pipe",
    // The runner acts as the proxy in front of the app, so each test can bring its own client address.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      // No publisher is reachable from the tests: the page poller stays off (its schedule still shows).
      POLL: "0",
      TRUSTED_PROXIES: "127.0.0.1,::1,::ffff:127.0.0.1",
    },
  },
});
