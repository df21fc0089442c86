import { describe, expect, it } from "vitest";

import { webConcurrency } from "./web-concurrency.mjs";

describe("how many web server processes npm start runs (ADR 012)", () => {
  it("runs one per core, up to four, on a real PostgreSQL server", () => {
    expect(webConcurrency({ env: {}, dev: false, cpus: 2 })).toBe(2);
    expect(webConcurrency({ env: { EMBEDDED_DATABASE: "0" }, dev: false, cpus: 16 })).toBe(4);
    expect(webConcurrency({ env: {}, dev: false, cpus: 1 })).toBe(1);
  });

  it("runs one on the embedded database and for the dev server", () => {
    expect(webConcurrency({ env: { EMBEDDED_DATABASE: "1" }, dev: false, cpus: 8 })).toBe(1);
    expect(webConcurrency({ env: {}, dev: true, cpus: 8 })).toBe(1);
    expect(webConcurrency({ env: { WEB_CONCURRENCY: "6" }, dev: true, cpus: 8 })).toBe(1);
  });

  it("follows WEB_CONCURRENCY, and refuses a value that is not a sensible count", () => {
    expect(
      webConcurrency({ env: { WEB_CONCURRENCY: "6", EMBEDDED_DATABASE: "1" }, dev: false, cpus: 2 }),
    ).toBe(6);
    for (const bad of ["0", "-1", "2.5", "many", "33"]) {
      expect(() => webConcurrency({ env: { WEB_CONCURRENCY: bad }, dev: false, cpus: 2 })).toThrow(
        `WEB_CONCURRENCY must be a whole number from 1 to 32, not "${bad}".`,
      );
    }
  });
});
