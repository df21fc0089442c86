import { describe, expect, it } from "vitest";

import { parseEnv } from "../env";
import { trustedOrigins } from "./trusted-origins";

const embedded = (appUrl?: string) =>
  parseEnv({ DATABASE_URL: "postgres://127.0.0.1:5499/embedded", EMBEDDED_DATABASE: "1", APP_URL: appUrl });

describe("trustedOrigins", () => {
  it("trusts APP_URL's loopback aliases, with its scheme and port, on the embedded default", () => {
    expect(trustedOrigins(embedded())).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
    expect(trustedOrigins(embedded("https://127.0.0.1:8443/"))).toEqual([
      "https://localhost:8443",
      "https://127.0.0.1:8443",
      "https://[::1]:8443",
    ]);
    expect(trustedOrigins(embedded("http://localhost"))).toContain("http://127.0.0.1");
    expect(trustedOrigins(parseEnv({}))).toContain("http://[::1]:3000");
  });

  it("trusts only APP_URL when it is not a loopback address", () => {
    expect(trustedOrigins(embedded("http://pharmacy-pc:3000"))).toEqual(["http://pharmacy-pc:3000"]);
  });

  it("trusts only APP_URL on a database the operator names, even on a loopback address", () => {
    const operator = (appUrl: string) =>
      parseEnv({ DATABASE_URL: "postgres://db.example/prod", APP_URL: appUrl });
    expect(trustedOrigins(operator("https://tariffscope.example"))).toEqual(["https://tariffscope.example"]);
    expect(trustedOrigins(operator("http://localhost:3400"))).toEqual(["http://localhost:3400"]);
  });
});
