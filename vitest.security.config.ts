import { defineConfig, mergeConfig } from "vitest/config";

import base from "./vitest.config";

/**
 * The slow security evidence of `npm run test:security` (tests/security): too slow for every `npm test`.
 * Same aliases and database setup as the integration project.
 */
export default mergeConfig(
  { resolve: base.resolve, test: { env: base.test?.env } },
  defineConfig({
    test: {
      name: "security",
      environment: "node",
      include: ["tests/security/**/*.test.ts"],
      globalSetup: ["tests/fixtures/database-template.ts"],
      testTimeout: 900_000,
      hookTimeout: 120_000,
      reporters: process.env.VITEST_JSON_REPORT
        ? ["default", ["json", { outputFile: process.env.VITEST_JSON_REPORT }]]
        : ["default"],
    },
  }),
);
