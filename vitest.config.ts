import path from "node:path";

import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname, "src"),
  "@content": path.resolve(import.meta.dirname, "content"),
  "@tests": path.resolve(import.meta.dirname, "tests"),
  // `server-only` throws outside React Server Components; in tests the server modules run in plain Node.
  "server-only": path.resolve(import.meta.dirname, "tests/fixtures/empty-module.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // The tests run on a database they name (DATABASE_URL), which counts as an operator's: they opt in
    // to the local test checkout and the dev mailbox as a staging server would. Tests of the refusals
    // unset them.
    env: { TEST_CHECKOUT: "1", DEV_MAILBOX: "1" },
    // Two files at a time. Left to itself Vitest ran one at a time on the two-core machine, and the
    // integration files mostly wait (on timers, child processes, the database), so one core sat idle.
    maxWorkers: 2,
    reporters: process.env.VITEST_JSON_REPORT
      ? ["default", ["json", { outputFile: process.env.VITEST_JSON_REPORT }]]
      : ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts", "tests/unit/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts"],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: "components",
          environment: "jsdom",
          include: ["src/**/*.test.tsx"],
          setupFiles: ["tests/fixtures/setup-dom.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: [
            "src/**/*.integration.test.ts",
            "scripts/**/*.integration.test.ts",
            "tests/integration/**/*.test.ts",
          ],
          globalSetup: ["tests/fixtures/production-build.ts", "tests/fixtures/database-template.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
