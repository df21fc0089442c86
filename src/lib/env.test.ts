import { describe, expect, it } from "vitest";

import { EnvError, parseEnv, shouldSeedDemoData } from "./env";

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
});

describe("shouldSeedDemoData", () => {
  it("seeds the embedded default", () => {
    expect(shouldSeedDemoData(parseEnv({ NODE_ENV: "production" }))).toBe(true);
  });

  it("never seeds a real production database unless asked", () => {
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://db.example/prod" };
    expect(shouldSeedDemoData(parseEnv(production))).toBe(false);
    expect(shouldSeedDemoData(parseEnv({ ...production, DEMO_SEED: "1" }))).toBe(true);
  });

  it("seeds a development database on a server", () => {
    expect(shouldSeedDemoData(parseEnv({ DATABASE_URL: "postgres://127.0.0.1/test" }))).toBe(true);
  });
});
