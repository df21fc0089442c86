import { z } from "zod";

import { isCronExpression } from "./jobs/cron";
import { planIds, type PlanId } from "./plan-ids";

/**
 * Every environment variable the product reads, validated once.
 * `.env.example` documents each one; keep the two in step.
 */
const postgresUrl = z
  .string()
  .refine(
    (value) => /^postgres(ql)?:\/\/.+/.test(value),
    "a PostgreSQL URL such as postgres://user@host:5432/db",
  );

const flag = z.enum(["0", "1"], { message: 'either "0" or "1"' });

const stripePriceId = z.string().regex(/^price_\w+$/, "a Stripe price id (price_…)");
const priceIdsMessage =
  `JSON giving a Stripe price id for every plan and interval, e.g. ` +
  `{${planIds.map((id) => `"${id}":{"monthly":"price_…","annual":"price_…"}`).join(",")}}`;

const planPriceIds = z
  .object(
    { monthly: stripePriceId, annual: stripePriceId },
    { message: '{"monthly":"price_…","annual":"price_…"}' },
  )
  .strict();

/** STRIPE_PRICE_IDS: one Stripe price per plan of the catalogue and billing interval. */
const stripePriceIds = z
  .string()
  .transform((value, context) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: priceIdsMessage });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .object(
        Object.fromEntries(planIds.map((id) => [id, planPriceIds])) as Record<PlanId, typeof planPriceIds>,
        { message: priceIdsMessage },
      )
      .strict(),
  );

/** The three Stripe settings; without STRIPE_SECRET_KEY the product uses its local test checkout. */
export const stripeEnvSchema = z
  .object({
    STRIPE_SECRET_KEY: z
      .string()
      .regex(
        /^(sk|rk)_(test|live)_\w+$/,
        "a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_… key)",
      )
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, "the signing secret of the Stripe webhook endpoint (whsec_…)")
      .optional(),
    STRIPE_PRICE_IDS: stripePriceIds.optional(),
  })
  .superRefine((stripe, context) => {
    if (!stripe.STRIPE_SECRET_KEY) return;
    if (!stripe.STRIPE_WEBHOOK_SECRET)
      context.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "the webhook signing secret (whsec_…), required with STRIPE_SECRET_KEY",
      });
    if (!stripe.STRIPE_PRICE_IDS)
      context.addIssue({
        code: "custom",
        path: ["STRIPE_PRICE_IDS"],
        message: `${priceIdsMessage}, required with STRIPE_SECRET_KEY`,
      });
  });

/** The publishers' pages the fetchers read (`npm run fetch`). */
const httpUrl = (example: string) =>
  z.string().refine((value) => /^https?:\/\/\S+$/.test(value) && URL.canParse(value), example);

export const defaultNhsbsaTariffUrls = [
  "https://www.nhsbsa.nhs.uk/pharmacies-gp-practices-and-appliance-contractors/drug-tariff/drug-tariff-part-viii",
  "https://www.nhsbsa.nhs.uk/pharmacies-gp-practices-and-appliance-contractors/drug-tariff/drug-tariff-part-ix",
];

/** A limit of the environment: a whole number from 1 to `max`, `what` naming its unit. */
const limit = (what: string, max: number) => {
  const message = `a whole number of ${what} from 1 to ${max.toLocaleString("en-GB")}`;
  return z.coerce.number({ message }).int(message).min(1, message).max(max, message);
};

/**
 * The hosts each source fetches from besides its configured page's own (docs/deploy.md lists them;
 * FETCH_NHSBSA_HOSTS, FETCH_CPE_HOSTS, FETCH_DMD_HOSTS change them), and the most one of its pages
 * or files may have, in megabytes (FETCH_*_MAX_MB). ADR 170.
 */
export const defaultFetchHosts = {
  nhsbsa: ["www.nhsbsa.nhs.uk", "nhsbsa.nhs.uk"],
  cpe: ["cpe.org.uk", "www.cpe.org.uk"],
  dmd: ["isd.digital.nhs.uk"],
} as const;

export const defaultFetchMaxMb = { nhsbsa: 64, cpe: 8, dmd: 512 } as const;

const hostList = z
  .string()
  .refine(
    (value) => listOf(value).every((host) => /^[a-z\d]([a-z\d.-]*[a-z\d])?$|^\[?[\d:a-f.]+\]?$/i.test(host)),
    "a comma-separated list of host names, such as www.nhsbsa.nhs.uk,nhsbsa.nhs.uk",
  );

const fetchMaxMb = (source: string) =>
  z.coerce
    .number({ message: `the most megabytes one of ${source}'s pages or files may have, from 1 to 4096` })
    .min(1, `the most megabytes one of ${source}'s pages or files may have, from 1 to 4096`)
    .max(4096, `the most megabytes one of ${source}'s pages or files may have, from 1 to 4096`);

/** FETCH_ALLOWED_HOSTS may list loopback hosts only: it is for tests and local stand-ins. */
const isLoopbackFetchHost = (host: string) =>
  /^(localhost|\[?::1\]?|127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.test(host);

const baseEnvSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], { message: "development, production or test" })
    .default("development"),
  PORT: z.coerce
    .number({ message: "a port number between 1 and 65535" })
    .int("a whole port number")
    .min(1, "a port number between 1 and 65535")
    .max(65535, "a port number between 1 and 65535")
    .default(3000),
  HOST: z
    .string()
    .regex(/^[\w.:-]+$/, "an address to listen on, such as 127.0.0.1, 0.0.0.0 or ::")
    .optional(),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: "a whole number of connections from 1 to 100" })
    .int("a whole number of connections from 1 to 100")
    .min(1, "a whole number of connections from 1 to 100")
    .max(100, "a whole number of connections from 1 to 100")
    .optional(),
  WEB_HEAP_MB: z.coerce
    .number({ message: "a whole number of megabytes from 128 to 16384" })
    .int("a whole number of megabytes from 128 to 16384")
    .min(128, "a whole number of megabytes from 128 to 16384")
    .max(16384, "a whole number of megabytes from 128 to 16384")
    .optional(),
  DATA_DIR: z.string().min(1, "a folder path").default(".data"),
  APP_URL: z
    .url({ message: "the public address of the site, such as https://tariffscope.co.uk" })
    .refine((value) => /^https?:\/\//.test(value), "an http:// or https:// address")
    .optional(),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      message: "one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  DEMO_SEED: flag.optional(),
  BETTER_AUTH_SECRET: z
    .string()
    .min(32, "a random secret of at least 32 characters (e.g. the output of `openssl rand -base64 48`)")
    .optional(),
  OWNER_USER_IDS: z
    .string()
    .regex(/^[\w-]+(\s*,\s*[\w-]+)*$/, "a comma-separated list of user ids")
    .optional(),
  SMTP_URL: z
    .string()
    .refine(
      (value) => /^smtps?:\/\/\S+$/.test(value) && URL.canParse(value),
      "an SMTP URL such as smtp://user:password@smtp.example.com:587 (smtps:// for TLS from the start)",
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(
      /^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
      'a sender such as "TariffScope <no-reply@tariffscope.co.uk>"',
    )
    .default("TariffScope <no-reply@tariffscope.co.uk>"),
  DEV_MAILBOX: flag.optional(),
  TRUSTED_PROXIES: z
    .string()
    .regex(
      /^[\d.:a-fA-F/]+(\s*,\s*[\d.:a-fA-F/]+)*$/,
      "a comma-separated list of proxy addresses or CIDR ranges",
    )
    .optional(),
  SAMPLE_DATA: z
    .enum(["0", "1", "real", "generated"], {
      message: '"real" (or "1": the published data in data/demo), "generated" (the generated sample) or "0"',
    })
    .optional(),
  TEST_CHECKOUT: flag.optional(),
  EMBEDDED_DATABASE: flag.optional(),
  BILLING_RECONCILE_CRON: z
    .string()
    .refine(
      (value) => value === "off" || isCronExpression(value),
      'a cron expression in UK time such as "0 4 * * *" (minute hour day month weekday), or "off"',
    )
    .default("0 4 * * *"),
  NHSBSA_TARIFF_URL: z
    .string()
    .refine(
      (value) =>
        listOf(value).length > 0 &&
        listOf(value).every((url) => /^https?:\/\/\S+$/.test(url) && URL.canParse(url)),
      "a comma-separated list of http:// or https:// addresses of NHSBSA's Drug Tariff pages",
    )
    .default(defaultNhsbsaTariffUrls.join(",")),
  CPE_CONCESSIONS_URL: httpUrl(
    "the http:// or https:// address of Community Pharmacy England's price concessions page",
  ).default("https://cpe.org.uk/funding-and-reimbursement/reimbursement/price-concessions/"),
  FETCH: flag.optional(),
  FETCH_SCHEDULE: z
    .string()
    .refine(
      (value) => isCronExpression(value),
      'a cron expression in UK time such as "30 6 * * *" (minute hour day month weekday); FETCH=0 turns fetching off',
    )
    .default("30 6 * * *"),
  TRUD_API_KEY: z
    .string()
    .regex(/^[\w-]{8,128}$/, "the API key shown on your TRUD account page (letters and digits)")
    .optional(),
  TRUD_API_URL: httpUrl(
    "the http:// or https:// address of TRUD's API, such as https://isd.digital.nhs.uk/trud/api/v1",
  ).default("https://isd.digital.nhs.uk/trud/api/v1"),
  FETCH_NHSBSA_HOSTS: hostList.default(defaultFetchHosts.nhsbsa.join(",")),
  FETCH_CPE_HOSTS: hostList.default(defaultFetchHosts.cpe.join(",")),
  FETCH_DMD_HOSTS: hostList.default(defaultFetchHosts.dmd.join(",")),
  FETCH_NHSBSA_MAX_MB: fetchMaxMb("NHSBSA").default(defaultFetchMaxMb.nhsbsa),
  FETCH_CPE_MAX_MB: fetchMaxMb("CPE").default(defaultFetchMaxMb.cpe),
  FETCH_DMD_MAX_MB: fetchMaxMb("TRUD's dm+d").default(defaultFetchMaxMb.dmd),
  FETCH_ALLOWED_HOSTS: z
    .string()
    .refine(
      (value) => listOf(value).every(isLoopbackFetchHost),
      "a comma-separated list of loopback hosts (127.0.0.1, 127.0.0.2, ::1, localhost) that plain http may reach",
    )
    .optional(),
  POLL: flag.optional(),
  POLL_CPE_BUSY_MINUTES: limit("minutes", 1440).default(1),
  POLL_CPE_QUIET_MINUTES: limit("minutes", 1440).default(15),
  POLL_CPE_HOURS: z
    .string()
    .regex(
      /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d$/,
      'two times of day in UK time such as "07:00-21:00" (from-until, on working days)',
    )
    .refine(
      (value) => value.slice(0, 5) < value.slice(6),
      "a start earlier than the end, such as 07:00-21:00",
    )
    .default("07:00-21:00"),
  POLL_NHSBSA_BUSY_MINUTES: limit("minutes", 1440).default(15),
  POLL_NHSBSA_QUIET_MINUTES: limit("minutes", 1440).default(60),
  POLL_NHSBSA_FROM_DAY: limit("days", 28).default(15),
  WATCHLIST_ALERTS_CRON: z
    .string()
    .refine(
      (value) => value === "off" || isCronExpression(value),
      'a cron expression in UK time such as "* * * * *" (minute hour day month weekday), or "off"',
    )
    .default("* * * * *"),
  WATCHLIST_DIGEST_CRON: z
    .string()
    .refine(
      (value) => value === "off" || isCronExpression(value),
      'a cron expression in UK time such as "0 7 * * 1" (minute hour day month weekday), or "off"',
    )
    .default("0 7 * * 1"),
  MARGIN_UPLOADS_PER_HOUR: limit("uploads", 10_000).default(30),
  MARGIN_LINES_PER_DAY: limit("lines", 100_000_000).default(100_000),
  MARGIN_UPLOADS_KEPT: limit("uploads", 100_000).default(100),
});

export const envSchema = z.intersection(baseEnvSchema, stripeEnvSchema);

export type Env = z.infer<typeof envSchema> & { APP_URL: string };

/** Comma-separated lists in the environment, as arrays. */
export function listOf(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

export class EnvError extends Error {
  constructor(readonly problems: { name: string; expected: string }[]) {
    super(
      "Invalid environment:\n" +
        problems.map((p) => `  ${p.name}: expected ${p.expected}`).join("\n") +
        "\nSee .env.example for what each variable means.",
    );
    this.name = "EnvError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => ({
        name: issue.path.join(".") || "(environment)",
        expected: issue.message,
      })),
    );
  }
  const env = {
    ...result.data,
    APP_URL: (result.data.APP_URL ?? `http://localhost:${result.data.PORT}`).replace(/\/$/, ""),
  };
  const plainHttp = plainHttpFetchSettings(env);
  if (plainHttp.length > 0) {
    // The fetchers would refuse every one of these addresses (ADR 170): say so now, not at 06:30.
    throw new EnvError(
      plainHttp.map((name) => ({
        name,
        expected: "https:// addresses (plain http:// only for a loopback host listed in FETCH_ALLOWED_HOSTS)",
      })),
    );
  }
  const appHost = new URL(env.APP_URL).hostname;
  if (isOperatorDatabase(env) && !servesHttps(env) && !isLoopbackHost(appHost)) {
    // Passwords and session cookies would cross the network in clear text.
    throw new EnvError([
      {
        name: "APP_URL",
        expected:
          `an https:// address with a DATABASE_URL, not ${env.APP_URL} ` +
          "(plain http:// is allowed only for localhost, 127.0.0.1 and [::1])",
      },
    ]);
  }
  return env;
}

/** A host as the fetchers compare it: lower case, an IPv6 literal without its brackets. */
export function bareHost(host: string): string {
  return host.toLowerCase().replace(/^\[(.*)\]$/, "$1");
}

/** The publishers' addresses that name plain http for a host FETCH_ALLOWED_HOSTS does not list. */
function plainHttpFetchSettings(
  env: Pick<Env, "NHSBSA_TARIFF_URL" | "CPE_CONCESSIONS_URL" | "TRUD_API_URL" | "FETCH_ALLOWED_HOSTS">,
): string[] {
  const local = listOf(env.FETCH_ALLOWED_HOSTS).map(bareHost);
  const refused = (url: string) => {
    const parsed = new URL(url);
    return parsed.protocol === "http:" && !local.includes(bareHost(parsed.hostname));
  };
  return (["NHSBSA_TARIFF_URL", "CPE_CONCESSIONS_URL", "TRUD_API_URL"] as const).filter((name) =>
    listOf(env[name]).some(refused),
  );
}

/** localhost, 127.0.0.1 and [::1]: addresses only this machine can reach. */
export const loopbackHosts = ["localhost", "127.0.0.1", "[::1]"] as const;

export function isLoopbackHost(hostname: string): boolean {
  return (loopbackHosts as readonly string[]).includes(hostname);
}

/** Whether the site is served over https (APP_URL). */
export function servesHttps(env: Env): boolean {
  return env.APP_URL.startsWith("https://");
}

let cached: Env | undefined;

/** The validated environment of this process, read on first use (never at import, so `next build` works). */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * Whether the database is one the operator named (DATABASE_URL), not the embedded one `npm start`
 * runs itself. Such a database is a real deployment whatever NODE_ENV says: nothing made for
 * demonstration goes into it unless the operator opts in to that one thing.
 * (`npm start` tells the web server with EMBEDDED_DATABASE=1 when it runs the embedded one.)
 */
export function isOperatorDatabase(env: Pick<Env, "DATABASE_URL" | "EMBEDDED_DATABASE">): boolean {
  return Boolean(env.DATABASE_URL) && env.EMBEDDED_DATABASE !== "1";
}

/** A demonstration aid: on by default on the embedded database, only by opt-in on an operator's. */
function demonstrationAid(env: Env, flag: "0" | "1" | undefined): boolean {
  if (flag) return flag === "1";
  return !isOperatorDatabase(env);
}

/** The demo licence and accounts, with their published password (DEMO_SEED). */
export function shouldSeedDemoData(env: Env): boolean {
  return demonstrationAid(env, env.DEMO_SEED);
}

/**
 * The tariff data a first start that finds none loads (SAMPLE_DATA, ADR 210): `real`, the published
 * England & Wales files kept in data/demo (the default on the embedded database, and what `1`
 * asks for on an operator's); `generated`, 24 months of generated sample data (the browser tests'); or none.
 */
export function firstStartData(env: Env): "real" | "generated" | null {
  if (env.SAMPLE_DATA === "generated") return "generated";
  const wanted = env.SAMPLE_DATA === "real" ? "1" : env.SAMPLE_DATA;
  return demonstrationAid(env, wanted) ? "real" : null;
}

/** Whether a first start that finds no tariff data loads any (SAMPLE_DATA): see `firstStartData`. */
export function shouldLoadSampleData(env: Env): boolean {
  return firstStartData(env) !== null;
}

/** The local test checkout, which "charges" nothing, stands in when no Stripe key is set (TEST_CHECKOUT). */
export function isTestCheckoutAllowed(env: Env): boolean {
  return !env.STRIPE_SECRET_KEY && demonstrationAid(env, env.TEST_CHECKOUT);
}

/**
 * What a real deployment (an operator's database) lacks before it may serve anyone, in EnvError's
 * terms: the secret that signs sessions, and a payment provider (or the operator's opt-in to the
 * test checkout, for staging and benchmarks). Empty on the embedded default.
 */
export function deploymentProblems(env: Env): { name: string; expected: string }[] {
  if (!isOperatorDatabase(env)) return [];
  const problems: { name: string; expected: string }[] = [];
  if (!env.BETTER_AUTH_SECRET)
    problems.push({
      name: "BETTER_AUTH_SECRET",
      expected: "a random secret of at least 32 characters on a real database (`openssl rand -base64 48`)",
    });
  if (!env.STRIPE_SECRET_KEY && env.TEST_CHECKOUT !== "1")
    problems.push({
      name: "STRIPE_SECRET_KEY",
      expected:
        "the Stripe settings on a real database: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and " +
        "STRIPE_PRICE_IDS (or TEST_CHECKOUT=1 to use the local test checkout, which charges nothing, on staging)",
    });
  return problems;
}
