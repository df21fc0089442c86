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
