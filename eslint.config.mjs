import drizzle from "eslint-plugin-drizzle";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

/** ARCHITECTURE.md layering rules, enforced rather than hoped for. */
const driverImports = {
  group: ["pg", "drizzle-orm/node-postgres", "drizzle-orm/node-postgres/*", "@electric-sql/*"],
  message: "Only src/db creates database connections (ARCHITECTURE.md rule 5).",
};
const dbImports = {
  group: ["@/db", "@/db/*", "**/db/client", "**/db/schema"],
  message: "Pages and components read through features/*/queries.ts, never the database (rules 1 and 5).",
};

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  globalIgnores([
    ".next/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    ".data/**",
    "coverage/**",
    "playwright-report/**",
    "test-results/**",
  ]),
  {
    plugins: { drizzle },
    rules: {
      "react/no-danger": "error",
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Playwright fixtures receive a `use` callback that is not React's hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["src/app/**", "src/components/**", "src/features/**", "src/lib/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [driverImports] }] },
  },
  {
    files: ["src/app/**", "src/components/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [driverImports, dbImports] }] },
  },
]);
