import { describe, expect, it } from "vitest";

import {
  deploymentProblems,
  EnvError,
  isTestCheckoutAllowed,
  parseEnv,
  shouldLoadSampleData,
  firstStartData,
  shouldSeedDemoData,
} from "./env";

function problemsOf(source: Record<string, string>) {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error("expected the environment to be rejected");
}

describe("parseEnv", () => {
  it("fills in the embedded defaults when nothing is set", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: ".data",
      NODE_ENV: "development",
      APP_URL: "http://localhost:3000",
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("derives the public address from PORT unless APP_URL is given", () => {
    expect(parseEnv({ PORT: "4100" }).APP_URL).toBe("http://localhost:4100");
    expect(parseEnv({ APP_URL: "https://tariffscope.example/" }).APP_URL).toBe("https://tariffscope.example");
  });

  it("names each invalid variable and says what is expected", () => {
    const problems = problemsOf({ PORT: "eighty", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
    expect(problems.map((p) => p.name).sort()).toEqual(["DATABASE_URL", "LOG_LEVEL", "PORT"]);
    expect(problems.find((p) => p.name === "PORT")?.expected).toMatch(/port number/);
    expect(problems.find((p) => p.name === "DATABASE_URL")?.expected).toMatch(/PostgreSQL URL/);
  });

  it("rejects a port out of range", () => {
    expect(problemsOf({ PORT: "70000" })[0]).toMatchObject({ name: "PORT" });
  });

  it("puts every problem in the error message with a pointer to .env.example", () => {
    expect(() => parseEnv({ DEMO_SEED: "yes" })).toThrow(
      /DEMO_SEED: expected either "0" or "1"[\s\S]*\.env\.example/,
    );
  });

  it("takes the margin check's limits, with their defaults, as whole numbers", () => {
    expect(parseEnv({})).toMatchObject({
      MARGIN_UPLOADS_PER_HOUR: 30,
      MARGIN_LINES_PER_DAY: 100_000,
      MARGIN_UPLOADS_KEPT: 100,
    });
    expect(parseEnv({ MARGIN_UPLOADS_PER_HOUR: "5" }).MARGIN_UPLOADS_PER_HOUR).toBe(5);
    for (const bad of ["0", "2.5", "many"])
      expect(problemsOf({ MARGIN_LINES_PER_DAY: bad })[0]).toMatchObject({
        name: "MARGIN_LINES_PER_DAY",
        expected: "a whole number of lines from 1 to 100,000,000",
      });
  });

  it("takes a database pool size from 1 to 100 connections per process", () => {
    expect(parseEnv({ DATABASE_POOL_SIZE: "4" }).DATABASE_POOL_SIZE).toBe(4);
    expect(parseEnv({}).DATABASE_POOL_SIZE).toBeUndefined();
    for (const bad of ["0", "101", "2.5", "ten"])
      expect(problemsOf({ DATABASE_POOL_SIZE: bad })[0]).toMatchObject({
        name: "DATABASE_POOL_SIZE",
        expected: "a whole number of connections from 1 to 100",
      });
  });

  it("takes a web process's heap limit in megabytes, from 128", () => {
    expect(parseEnv({ WEB_HEAP_MB: "192" }).WEB_HEAP_MB).toBe(192);
    expect(parseEnv({}).WEB_HEAP_MB).toBeUndefined();
    for (const bad of ["64", "20000", "1.5", "lots"])
      expect(problemsOf({ WEB_HEAP_MB: bad })[0]).toMatchObject({
        name: "WEB_HEAP_MB",
        expected: "a whole number of megabytes from 128 to 16384",
      });
  });

  it("treats an empty value as unset", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("schedules the billing reconciliation daily unless told another time, or off", () => {
    expect(parseEnv({}).BILLING_RECONCILE_CRON).toBe("0 4 * * *");
    expect(parseEnv({ BILLING_RECONCILE_CRON: "30 2 * * 1-5" }).BILLING_RECONCILE_CRON).toBe("30 2 * * 1-5");
    expect(parseEnv({ BILLING_RECONCILE_CRON: "off" }).BILLING_RECONCILE_CRON).toBe("off");
    expect(problemsOf({ BILLING_RECONCILE_CRON: "daily" })[0]).toMatchObject({
      name: "BILLING_RECONCILE_CRON",
      expected: expect.stringMatching(/cron expression/),
    });
  });

  it("looks for imports to announce to watchers every minute unless told otherwise, or off", () => {
    expect(parseEnv({}).WATCHLIST_DIGEST_CRON).toBe("0 7 * * 1");
    expect(parseEnv({ WATCHLIST_DIGEST_CRON: "off" }).WATCHLIST_DIGEST_CRON).toBe("off");
    expect(parseEnv({}).WATCHLIST_ALERTS_CRON).toBe("* * * * *");
    expect(parseEnv({ WATCHLIST_ALERTS_CRON: "off" }).WATCHLIST_ALERTS_CRON).toBe("off");
    expect(problemsOf({ WATCHLIST_ALERTS_CRON: "often" })[0]).toMatchObject({
      name: "WATCHLIST_ALERTS_CRON",
    });
  });
});

/** A database the operator names, with NODE_ENV unset: the README's own example. */
const operator = { DATABASE_URL: "postgres://user@db.example:5432/tariffscope" };
const secret = { BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-1234567890" };

describe("the embedded default", () => {
  it("gets the demo accounts, sample data and the test checkout", () => {
    for (const source of [{}, { NODE_ENV: "production" }, { ...operator, EMBEDDED_DATABASE: "1" }]) {
      const env = parseEnv(source);
      expect(shouldSeedDemoData(env)).toBe(true);
      expect(shouldLoadSampleData(env)).toBe(true);
      expect(isTestCheckoutAllowed(env)).toBe(true);
      expect(deploymentProblems(env)).toEqual([]);
    }
  });

  it("can turn each off", () => {
    const env = parseEnv({ DEMO_SEED: "0", SAMPLE_DATA: "0", TEST_CHECKOUT: "0" });
    expect([shouldSeedDemoData(env), shouldLoadSampleData(env), isTestCheckoutAllowed(env)]).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe("the data a first start loads (SAMPLE_DATA)", () => {
  it("is the real published data by default on the embedded database, none on an operator's", () => {
    expect(firstStartData(parseEnv({}))).toBe("real");
    expect(firstStartData(parseEnv({ ...operator, ...secret }))).toBeNull();
  });

  it("is the generated sample, the real data or none when asked, on either database", () => {
    for (const base of [{}, operator]) {
      expect(firstStartData(parseEnv({ ...base, SAMPLE_DATA: "generated" }))).toBe("generated");
      expect(firstStartData(parseEnv({ ...base, SAMPLE_DATA: "real" }))).toBe("real");
      expect(firstStartData(parseEnv({ ...base, SAMPLE_DATA: "1" }))).toBe("real");
      expect(firstStartData(parseEnv({ ...base, SAMPLE_DATA: "0" }))).toBeNull();
    }
  });

  it("refuses anything else, saying what it takes", () => {
    expect(() => parseEnv({ SAMPLE_DATA: "yes" })).toThrow(/SAMPLE_DATA: .*"generated"/);
  });
});

describe("an operator's database is production, whatever NODE_ENV says", () => {
  it.each([
    ["unset", {}],
    ["development", { NODE_ENV: "development" }],
    ["test", { NODE_ENV: "test" }],
  ])("with NODE_ENV %s: no demo accounts, no sample data, no test checkout", (_label, nodeEnv) => {
    const env = parseEnv({ ...operator, ...secret, ...nodeEnv });
    expect(shouldSeedDemoData(env)).toBe(false);
    expect(shouldLoadSampleData(env)).toBe(false);
    expect(isTestCheckoutAllowed(env)).toBe(false);
  });

  it("takes each demonstration aid only when the operator opts in to that one", () => {
    expect(shouldSeedDemoData(parseEnv({ ...operator, DEMO_SEED: "1" }))).toBe(true);
    expect(shouldLoadSampleData(parseEnv({ ...operator, DEMO_SEED: "1" }))).toBe(false);
    expect(shouldLoadSampleData(parseEnv({ ...operator, SAMPLE_DATA: "1" }))).toBe(true);
    expect(isTestCheckoutAllowed(parseEnv({ ...operator, TEST_CHECKOUT: "1" }))).toBe(true);
  });

  it("never offers the test checkout beside a Stripe key", () => {
    const stripe = {
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_123",
      STRIPE_PRICE_IDS: JSON.stringify(
        Object.fromEntries(
          ["single", "multi-2", "multi-5", "multi-10"].map((id) => [
            id,
            { monthly: `price_${id.replace("-", "")}m`, annual: `price_${id.replace("-", "")}a` },
          ]),
        ),
      ),
    };
    expect(isTestCheckoutAllowed(parseEnv({ ...stripe, TEST_CHECKOUT: "1" }))).toBe(false);
    expect(deploymentProblems(parseEnv({ ...operator, ...secret, ...stripe }))).toEqual([]);
  });

  it("needs the auth secret and the Stripe settings, naming the STRIPE_ variables", () => {
    const problems = deploymentProblems(parseEnv(operator));
    expect(problems.map((problem) => problem.name)).toEqual(["BETTER_AUTH_SECRET", "STRIPE_SECRET_KEY"]);
    expect(problems[1]!.expected).toMatch(/STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_IDS/);
    expect(problems[1]!.expected).toMatch(/TEST_CHECKOUT=1/);
    expect(deploymentProblems(parseEnv({ ...operator, ...secret, TEST_CHECKOUT: "1" }))).toEqual([]);
  });
});

describe("APP_URL on a database the operator names", () => {
  const database = { DATABASE_URL: "postgres://db.example/prod" };

  it("must be https, and the refusal names APP_URL and the address given", () => {
    const [problem] = problemsOf({ ...database, APP_URL: "http://tariffscope.example" });
    expect(problem).toMatchObject({ name: "APP_URL" });
    expect(problem!.expected).toMatch(
      /https:\/\/ address with a DATABASE_URL, not http:\/\/tariffscope\.example/,
    );
    expect(() => parseEnv({ ...database, APP_URL: "http://tariffscope.example" })).toThrow(/APP_URL/);
  });

  it.each(["http://localhost:3400", "http://127.0.0.1:3400", "http://[::1]:3400"])(
    "may be plain http on a loopback address, as for a local benchmark: %s",
    (appUrl) => {
      expect(parseEnv({ ...database, APP_URL: appUrl }).APP_URL).toBe(appUrl);
    },
  );

  it("is accepted over https, and on the embedded database at any address", () => {
    expect(parseEnv({ ...database, APP_URL: "https://tariffscope.example" }).APP_URL).toBe(
      "https://tariffscope.example",
    );
    expect(
      parseEnv({ ...database, EMBEDDED_DATABASE: "1", APP_URL: "http://pharmacy-pc:3000" }).APP_URL,
    ).toBe("http://pharmacy-pc:3000");
    expect(parseEnv({ APP_URL: "http://pharmacy-pc:3000" }).APP_URL).toBe("http://pharmacy-pc:3000");
  });
});
