import fs from "node:fs";

import drizzle from "eslint-plugin-drizzle";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

/** The layering rules of ADR 001 and ADR 100, enforced rather than hoped for. */
const driverImports = {
  group: ["pg", "drizzle-orm/node-postgres", "drizzle-orm/node-postgres/*", "@electric-sql/*"],
  message: "Only src/db creates database connections (ADR 001).",
};
const dbImports = {
  group: ["@/db", "@/db/*", "**/db/client", "**/db/schema"],
  message: "Pages and components read through features/*/queries.ts, never the database (ADR 001).",
};

/** An import of `folder` from anywhere in src, by alias or by a relative path. */
const importsOf = (folder) => [
  `@/${folder}`,
  `@/${folder}/**`,
  `../${folder}/**`,
  `../../${folder}/**`,
  `../../../${folder}/**`,
];
const layerRule = (folders, message) => ({ group: folders.flatMap(importsOf), message });

const upwardFromLib = layerRule(
  ["features", "app", "components"],
  "lib holds plumbing that knows no feature and no UI: move what it needs down into lib, or the code up into its feature (ADR 100).",
);
const upwardFromComponents = layerRule(
  ["features", "app"],
  "components know no feature: take the feature's part as a prop or children, or move the component into the feature's components/ (ADR 100).",
);
const upwardFromDb = layerRule(
  ["lib", "components", "features", "app"],
  "src/db is the bottom layer: it imports nothing from the rest of src (ADR 100).",
);
const upwardFromFeatures = layerRule(
  ["app"],
  "Features never import pages or routes; app composes features (ADR 100).",
);

/**
 * What each feature offers the others (ADR 100): these modules, imported by their own path. The rest
 * of a feature's folder is its own business, so it can change without breaking another feature.
 */
const publicModules = {
  accounts: [
    "sign-out",
    "components/country-select",
    "components/sign-up-form",
    "components/site-auth-actions",
    "components/subscription-provider",
  ],
  analytics: ["components/cookie-consent"],
  api: ["keys", "components/api-key-table"],
  billing: ["plans"],
  changes: ["queries"],
  imports: ["write", "rows", "values", "limits", "xlsx", "components/data-freshness"],
  insights: ["derive", "discounts"],
  licences: ["invites", "membership", "components/account-notices"],
  margins: ["loss-checks", "paths"],
  onboarding: ["components/tour-provider"],
  search: ["parts", "components/search-dialog"],
  shell: ["menu"],
  tariff: [
    "data-version-cache",
    "list-definitions",
    "list-reading",
    "list-view",
    "lists",
    "month-choice",
    "months",
    "pack-months",
    "product-metadata",
    "matcher",
    "queries",
    "reimbursement",
    "reimbursement-queries",
    "pack-price",
    "components/data-page-header",
  ],
  watchlists: ["licence-watchlists"],
};
const features = fs
  .readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** For the files of `feature` at `depth` folders below it: another feature only through its public modules. */
function featureBoundary(feature, depth) {
  const offered = Object.entries(publicModules)
    .filter(([name]) => name !== feature)
    .flatMap(([name, modules]) => modules.map((module) => `${name}/${module}`));
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return {
    // `@/features/…` of another feature and not one of its public modules, or a relative path that
    // climbs out of this feature's folder.
    regex: `^(@/features/(?!${escape(feature)}/)(?!(${offered.map(escape).join("|")})$)|(\\.\\./){${depth + 1}})`,
    message:
      "Another feature is reached only through its public modules (publicModules in eslint.config.mjs, ADR 100), by @/features/… .",
  };
}

const testFiles = ["**/*.test.ts", "**/*.test.tsx"];

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
    files: ["src/app/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [driverImports, dbImports] }] },
  },
  // Tests may drive the layer above the code they prove (a webhook test posts to the route handler), so
  // the direction rules below govern the product's code only.
  {
    files: ["src/components/**"],
    ignores: testFiles,
    rules: {
      "no-restricted-imports": ["error", { patterns: [driverImports, dbImports, upwardFromComponents] }],
    },
  },
  {
    files: ["src/lib/**"],
    ignores: testFiles,
    rules: { "no-restricted-imports": ["error", { patterns: [driverImports, upwardFromLib] }] },
  },
  {
    files: ["src/db/**"],
    ignores: testFiles,
    rules: { "no-restricted-imports": ["error", { patterns: [upwardFromDb] }] },
  },
  ...features.flatMap((feature) =>
    [0, 1, 2].map((depth) => ({
      files: [`src/features/${feature}/${"*/".repeat(depth)}*.{ts,tsx}`],
      ignores: testFiles,
      rules: {
        "no-restricted-imports": [
          "error",
          { patterns: [driverImports, upwardFromFeatures, featureBoundary(feature, depth)] },
        ],
      },
    })),
  ),
]);
