import { describe, expect, it } from "vitest";

import { isCronExpression } from "./cron";

describe("isCronExpression", () => {
  it.each(["0 4 * * *", "*/15 * * * *", "30 2 * * 1-5", "0 0 1 * *"])("accepts %s", (value) => {
    expect(isCronExpression(value)).toBe(true);
  });

  it.each(["", "daily", "0 4 * *", "0 0 4 * * *", "61 4 * * *", "0 25 * * *", "0 4 * * 8"])(
    "refuses %j",
    (value) => {
      expect(isCronExpression(value)).toBe(false);
    },
  );
});
