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
});
