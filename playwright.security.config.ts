import { defineConfig } from "@playwright/test";

import base from "./playwright.config";

/**
 * The browser part of `npm run test:security`: the XSS evidence (tests/security/*.spec.ts, too slow for
 * every `npm test`; tagged @desktop, so it runs once, at 1280px) and the journeys that attack abuse
 * cases 9 and 11, on the same server, browser and projects as `npm test`.
 */
export default defineConfig({
  ...base,
  testDir: "tests",
  testMatch: [/security\/.+\.spec\.ts$/, /e2e\/(access-gate|content-security-policy)\.spec\.ts$/],
});
