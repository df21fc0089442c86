import { describe, expect, it } from "vitest";

import { EnvError, parseEnv } from "./env";
import { assertServable } from "./startup-checks";

const ourServer = { [Symbol.for("tariffscope.server")]: true };

describe("the web server's start-up checks", () => {
  it("let the embedded default start behind our server", () => {
    expect(() => assertServable(parseEnv({ NODE_ENV: "production" }), ourServer)).not.toThrow();
  });

  it("stop a production server that is not ours, whose client address header a client could set", () => {
    expect(() => assertServable(parseEnv({ NODE_ENV: "production" }), {})).toThrow(/not `next start`/);
  });

  it("stop a real deployment that lacks its auth secret or payment settings, naming them", () => {
    const env = parseEnv({ DATABASE_URL: "postgres://db.example/prod", EMBEDDED_DATABASE: "0" });
    let failure: unknown;
    try {
      assertServable(env, ourServer);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(EnvError);
    expect((failure as EnvError).problems.map((problem) => problem.name)).toEqual([
      "BETTER_AUTH_SECRET",
      "STRIPE_SECRET_KEY",
    ]);
  });
});
