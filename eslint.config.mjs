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
    "components/edition-select",
    "components/sign-up-form",
    "components/site-auth-actions",
    "components/subscription-provider",
  ],
  analytics: ["components/cookie-consent"],
  api: ["keys", "components/api-key-table"],
  billing: ["plans"],
  changes: ["queries"],
  imports: ["rows", "values", "limits", "xlsx"],
  insights: ["derive"],
  licences: ["invites", "membership", "components/account-notices"],
  margins: ["loss-checks", "paths"],
  onboarding: ["components/tour-provider"],
  search: ["components/search-dialog"],
  tariff: [
    "discounts",
    "lists/readers",
    "list-reading",
    "list-view",
    "lists",
    "month-choice",
    "months",
    "pack-months",
    "product-metadata",
    "reimbursement",
    "reimbursement-queries",
    "pack-price",
    "prepared-lists",
    "components/data-page-header",
  ],
  watchlists: ["licence-watchlists"],
};
const features = fs
  .readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The features from the bottom up (ADR 217): each imports only features listed before it, so no import
 * climbs back and no two features import each other. A new feature takes its place here.
 */
const featureRanks = [
  "tariff", // the pricing model: the parts, their lists, months, prices and deduction rates
  "access", // which addresses are public, for subscribers or for the owner; knows the product pages
  "insights", // what is derived from the tariff's months: changes, concession matches
  "imports", // loads the tariff's months and has insights derive from them
  "changes", // the feed of what each month changed, read from the derived changes
  "margins", // margin checks: a pharmacy's lines against the tariff, read with the importer's readers
  "accounts", // people: sign-up, sign-in, personal details
  "search", // searches the tariff's lists for a subscriber
  "watchlists", // packs watched, found by search; alerts on price changes and margin losses
  "licences", // organisations and their seats, for accounts
  "billing", // plans, checkout and subscriptions
  "api", // the data API over the tariff, the changes and the watchlists: a licence's keys and their use
  "owner", // the master admin's console over licences, billing and API keys
  "email-preferences", // what e-mail a person still wants
  "analytics", // page views and cookie consent
  "onboarding", // the tours
  "help", // the help centre, which starts the tours
  "blog", // the articles
  "ops", // health checks
  "shell", // the chrome around every page: menu, header, search, account and licence notices
];
const unranked = features.filter((feature) => !featureRanks.includes(feature));
if (unranked.length > 0)
  throw new Error(`Give each feature a rank in featureRanks (ADR 217): ${unranked.join(", ")}`);

/**
 * For the files of `feature` at `depth` folders below it: no feature ranked above it, by `@/features/…`
 * or by a relative path out of its folder.
 */
function rankBoundary(feature, depth) {
  const above = featureRanks.slice(featureRanks.indexOf(feature) + 1);
  if (above.length === 0) return [];
  return [
    {
      regex: `^(@/features/|(\\.\\./){${depth + 1}}|(\\.\\./){${depth + 2}}features/)(${above.join("|")})(/|$)`,
      message:
        "A feature imports only features ranked below it (featureRanks in eslint.config.mjs, ADR 217): move the shared part down, or let the page or job that uses both compose them.",
    },
  ];
}

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
  // the direction rules below govern the product's code only, but for the features' ranks (ADR 217).
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
    [0, 1, 2].flatMap((depth) => {
      const folder = `src/features/${feature}/${"*/".repeat(depth)}`;
      const ranked = rankBoundary(feature, depth);
      return [
        {
          files: [`${folder}*.{ts,tsx}`],
          ignores: testFiles,
          rules: {
            "no-restricted-imports": [
              "error",
              { patterns: [driverImports, upwardFromFeatures, featureBoundary(feature, depth), ...ranked] },
            ],
          },
        },
        // A feature's tests keep its rank too: a test that drives features above it lives in tests/integration.
        {
          files: testFiles.map((pattern) => `${folder}${pattern.replace("**/", "")}`),
          rules: { "no-restricted-imports": ["error", { patterns: [driverImports, ...ranked] }] },
        },
      ];
    }),
  ),
]);
