import { describe, expect, it } from "vitest";

import { AppError, errorCodes, toErrorBody } from "./errors";

describe("toErrorBody", () => {
  it("maps each AppError code to its HTTP status and keeps its message", () => {
    for (const code of Object.keys(errorCodes) as (keyof typeof errorCodes)[]) {
      const { status, body } = toErrorBody(new AppError(code));
      expect(status).toBe(errorCodes[code].status);
      expect(body.error).toMatchObject({ code, message: errorCodes[code].message });
    }
  });

  it("uses a specific message when one is given", () => {
    expect(toErrorBody(new AppError("seat_limit_reached", "All 5 seats are taken.")).body.error.message).toBe(
      "All 5 seats are taken.",
    );
  });

  it("never shows the client an unexpected error's message", () => {
    const { status, body } = toErrorBody(
      new Error('relation "profiles" does not exist at /srv/app/db.ts:12'),
    );
    expect(status).toBe(500);
    expect(JSON.stringify(body)).not.toMatch(/relation|profiles|\/srv/);
    expect(body.error.code).toBe("internal");
  });

  it("answers a generic 503 when the database is stopped, unreachable or lost mid-query (abuse case 15)", () => {
    const wrapped = (cause: object) =>
      Object.assign(new Error('Failed query: update "profiles" set "admin" = $1'), { cause });
    const outages = [
      wrapped(
        Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      ),
      wrapped(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })),
      wrapped(new Error("Client has encountered a connection error and is not queryable")),
      new Error("Connection terminated unexpectedly"),
      Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
      Object.assign(new Error("connection failure"), { code: "08006" }),
    ];
    for (const outage of outages) {
      const { status, body } = toErrorBody(outage);
      expect(status).toBe(503);
      expect(body).toEqual({ error: { code: "unavailable", message: errorCodes.unavailable.message } });
    }
    // A query's own failure is still a bug of ours: 500.
    expect(toErrorBody(wrapped(Object.assign(new Error("syntax error"), { code: "42601" }))).status).toBe(
      500,
    );
  });
});
