/**
 * The abuse cases of docs/security.md, each mapped to the automated tests that attack it. A test is
 * named by its file and a part of its full name (its describe blocks and title, as Vitest and Playwright
 * report them). `npm run test:security` runs these files and prints one row per case and test.
 * `gaps` says, in plain words, what of the case no test here covers yet.
 */
export type CaseTest = { file: string; name: string };
export type AbuseCase = { id: number; title: string; tests: CaseTest[]; gaps?: string };

const t = (file: string, name: string): CaseTest => ({ file, name });

export const abuseCases: AbuseCase[] = [
  {
    id: 1,
    title: "IDOR on the billing portal",
    tests: [t("src/features/billing/stripe-mode.integration.test.ts", "POST /api/portal (abuse case 1)")],
  },
  {
    id: 2,
    title: "Self-subscribe through a profile update",
    tests: [
      t(
        "src/features/billing/test-mode.integration.test.ts",
        "no billing action takes a billing or role field",
      ),
      t("tests/integration/abuse-cases.test.ts", "abuse case 2"),
      t("src/features/billing/architecture.test.ts", "who writes is_subscribed and number_of_licenses"),
      t("src/lib/auth.integration.test.ts", "does not offer a sign-up endpoint over HTTP"),
    ],
  },
  {
    id: 3,
    title: "Invite e-mail spam relay",
    tests: [
      t("src/features/licences/commands.integration.test.ts", "who may manage a licence"),
      t(
        "src/features/licences/commands.integration.test.ts",
        "invitations (docs/security.md R17, abuse case 3)",
      ),
      t("src/features/licences/requests.integration.test.ts", "allows 20 invitations and requests an hour"),
    ],
  },
  {
    id: 4,
    title: "OTP brute force",
    tests: [
      t("src/features/accounts/sign-up.integration.test.ts", "the e-mailed code"),
      t("src/lib/auth.integration.test.ts", "allows 3 attempts per 10 seconds"),
      t("src/lib/security/rate-limit.integration.test.ts", "per-address e-mail allowance"),
      t("tests/integration/otp-guessing.test.ts", "guessing an e-mailed code"),
      t("scripts/lib/client-address.test.ts", "the client address our server hands the app"),
    ],
  },
  {
    id: 5,
    title: "Seat race (two admins add the last free seat)",
    tests: [
      t("src/features/licences/seat-race.integration.test.ts", "the last free seat, wanted by 20 at once"),
      t(
        "src/features/licences/commands.integration.test.ts",
        "refuses to invite when the licence has no free seat",
      ),
      t("src/features/licences/requests.integration.test.ts", "takes the seat when accepted"),
    ],
  },
  {
    id: 6,
    title: "Webhook replay and forgery",
    tests: [
      t("src/features/billing/webhook.integration.test.ts", "forged, tampered and stale (abuse case 6)"),
      t("src/features/billing/webhook.integration.test.ts", "replays and ordering"),
      t("src/features/billing/webhook.integration.test.ts", "payment failed"),
      t("src/features/billing/webhook.integration.test.ts", "a crash part-way"),
      t("tests/integration/webhook-body-limit.test.ts", ""),
    ],
  },
  {
    id: 7,
    title: "Open redirect (OTP form redirect, callbackURL)",
    tests: [
      t("src/lib/security/safe-redirect.test.ts", "safeRedirectPath"),
      t("tests/integration/abuse-cases.test.ts", "abuse case 7"),
    ],
  },
  {
    id: 8,
    title: "CSRF",
    tests: [
      t(
        "src/features/billing/stripe-mode.integration.test.ts",
        "refuses another site's Origin, no Origin and a form post",
      ),
      t("tests/integration/health-and-analytics.test.ts", "refuses another site's Origin and stores nothing"),
      t("tests/integration/health-and-analytics.test.ts", "refuses a request without an Origin"),
      t("src/lib/auth.integration.test.ts", "refuses a request from another site's Origin (CSRF)"),
      t("src/features/billing/webhook.integration.test.ts", "is not a cookie-authenticated mutation"),
      t("src/lib/auth.integration.test.ts", "HttpOnly, SameSite=Lax session cookie"),
      t("src/lib/auth-https.integration.test.ts", "session cookies over https"),
      t("tests/security/csrf.spec.ts", "a page on another local port that auto-submits forms"),
    ],
    gaps: "Of the server actions, only saving personal details is replayed from another origin (the check is Next.js's own, the same for every action).",
  },
  {
    id: 9,
    title: "XSS through input reflected in pages",
    tests: [
      t("tests/security/xss.spec.ts", ""),
      t("tests/e2e/content-security-policy.spec.ts", "script in markup that reaches a page does not run"),
      t("tests/e2e/content-security-policy.spec.ts", "search terms, redirects and mailbox filters"),
    ],
  },
  {
    id: 10,
    title: "SQL injection through search",
    tests: [
      t("tests/integration/abuse-cases.test.ts", "(case 10)"),
      t("tests/integration/list-queries.test.ts", "narrow by search term"),
    ],
  },
  {
    id: 11,
    title: "Client-side gating bypass",
    tests: [
      t("tests/e2e/access-gate.spec.ts", "redirects to sign-in, keeping the way back, and shows no data"),
      t("tests/e2e/access-gate.spec.ts", "a forged session cookie gets past the early redirect"),
      t("tests/integration/list-rows-route.test.ts", "refuses a visitor without a session"),
    ],
  },
  {
    id: 12,
    title: "Removed member keeps access",
    tests: [
      t("tests/integration/abuse-cases.test.ts", "(case 12)"),
      t("src/features/licences/licence-status.integration.test.ts", "reading a user's access"),
    ],
  },
  {
    id: 13,
    title: "Seat/plan downgrade via the Stripe portal",
    tests: [
      t("src/features/billing/webhook.integration.test.ts", "seats lowered below the users on the licence"),
      t(
        "src/features/billing/test-mode.integration.test.ts",
        "lowers the seats below the users on the licence",
      ),
    ],
  },
  {
    id: 14,
    title: "Rate limiter across instances",
    tests: [
      t("tests/integration/abuse-cases.test.ts", "abuse case 14"),
      t("src/lib/security/rate-limit.integration.test.ts", "lets exactly the allowed number through"),
    ],
  },
  {
    id: 15,
    title: "Data loss (kill -9, database stopped)",
    tests: [
      t("src/features/billing/webhook.integration.test.ts", "a crash part-way"),
      t("tests/integration/health-and-analytics.test.ts", "answers 503 when the database does not"),
      t("scripts/import.integration.test.ts", "killing the import mid-way"),
      t(
        "src/features/licences/seat-race.integration.test.ts",
        "is still refused by the database when a careless path",
      ),
      t("tests/security/import-kill.test.ts", "leaves the previous month whole"),
      t("tests/security/app-kill.test.ts", "during a subscription webhook"),
      t("tests/security/app-kill.test.ts", "during an add-member"),
      t("tests/security/database-stop.test.ts", "answers the generic 503"),
      t("tests/integration/backup-restore.test.ts", "a nightly backup restored as docs/deploy.md says"),
    ],
  },
  {
    id: 16,
    title: "Margin-check upload flooding",
    tests: [
      t("tests/integration/margin-upload-route.test.ts", "POST /api/margin-check/uploads under the limits"),
      t("tests/integration/margin-upload-route.test.ts", "POST /api/margin-check/preview under its limit"),
      t("src/features/margins/limits.integration.test.ts", "the margin check's limits"),
    ],
  },
  {
    id: 17,
    title: "IDOR on margin-check uploads and lines",
    tests: [
      t(
        "src/features/margins/margins.integration.test.ts",
        "never shows or changes another licence's uploads",
      ),
      t("src/features/margins/limits.integration.test.ts", "deleting one makes room"),
    ],
  },
  {
    id: 18,
    title: "Data API key misuse",
    tests: [
      t("tests/integration/data-api.test.ts", "key abuse (docs/security.md abuse case 18)"),
      t(
        "tests/integration/data-api.test.ts",
        "are made by a licence admin only, shown once and stored as a hash",
      ),
      t("src/features/owner/commands.integration.test.ts", "changing an API key's limits (ADR 220)"),
    ],
  },
];
