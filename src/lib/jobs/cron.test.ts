import { describe, expect, it } from "vitest";

import { cronInWords, isCronExpression } from "./cron";

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

describe("cronInWords", () => {
  it.each([
    ["30 6 * * *", "daily at 06:30 UK time"],
    ["0 7 * * 1", "every Monday at 07:00 UK time"],
    ["0 4 * * 1-5", "Monday to Friday at 04:00 UK time"],
    ["* * * * *", "every minute"],
    ["*/15 * * * *", "every 15 minutes"],
    ["0 0 1 * *", 'on the schedule "0 0 1 * *" (UK time)'],
    ["off", "off"],
  ])("says %j as %j", (schedule, words) => {
    expect(cronInWords(schedule)).toBe(words);
  });
});
