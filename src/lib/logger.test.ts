import { Writable } from "node:stream";

import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";

import { createLogger } from "./logger";

/** What the logger writes for one error, as the operator's log would hold it. */
function logged(error: unknown): string {
  let out = "";
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out += chunk.toString();
      done();
    },
  });
  process.env.LOG_LEVEL = "info";
  try {
    createLogger(destination).error({ err: error }, "route failed");
  } finally {
    delete process.env.LOG_LEVEL;
  }
  return out;
}

const token = "k3P9vXq2sessiontoken0000000000";

describe("the log of a failed query", () => {
  it("names the query and its cause, never the values it carried (a session token)", () => {
    const cause = Object.assign(new Error("connection terminated unexpectedly"), { code: "57P01" });
    const error = new DrizzleQueryError(
      'select "user_id" from "auth_session" where "token" = $1',
      [token],
      cause,
    );
    const line = logged(error);
    expect(line).not.toContain(token);
    const entry = JSON.parse(line) as { err: { message: string; stack: string; type: string } };
    expect(entry.err.message).toContain('from "auth_session" where "token" = $1');
    expect(entry.err.message).toContain("connection terminated unexpectedly");
    expect(entry.err.stack).toContain("caused by: Error: connection terminated unexpectedly");
    expect(entry.err.type).toBe("DrizzleQueryError");
  });

  it("leaves out PostgreSQL's detail, which quotes the row that clashed", () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "auth_session_token_unique"'),
      {
        code: "23505",
        detail: `Key (token)=(${token}) already exists.`,
      },
    );
    const line = logged(new DrizzleQueryError('insert into "auth_session" values ($1)', [token], cause));
    expect(line).not.toContain(token);
    expect(line).toContain('violates unique constraint \\"auth_session_token_unique\\"');
  });

  it("keeps an ordinary error whole", () => {
    const line = logged(Object.assign(new Error("SMTP refused"), { responseCode: 550 }));
    const entry = JSON.parse(line) as { err: { message: string; responseCode: number } };
    expect(entry.err).toMatchObject({ message: "SMTP refused", responseCode: 550 });
  });
});
