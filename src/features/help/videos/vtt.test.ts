import { describe, expect, it } from "vitest";

import { clockTime, orderedSteps, vttTimestamp, writeVtt } from "./vtt";

describe("vttTimestamp", () => {
  it("writes hours, minutes, seconds and milliseconds, zero-padded", () => {
    expect(vttTimestamp(0)).toBe("00:00:00.000");
    expect(vttTimestamp(1_234)).toBe("00:00:01.234");
    expect(vttTimestamp(61_005)).toBe("00:01:01.005");
    expect(vttTimestamp(3_600_000 + 59 * 60_000 + 59_999)).toBe("01:59:59.999");
  });

  it("rounds to whole milliseconds and never goes below zero", () => {
    expect(vttTimestamp(999.6)).toBe("00:00:01.000");
    expect(vttTimestamp(-20)).toBe("00:00:00.000");
  });
});

describe("writeVtt", () => {
  it("writes the header and one numbered cue per step, in time order", () => {
    const vtt = writeVtt([
      { start: 4_000, end: 9_000, text: "Then the product page." },
      { start: 0, end: 4_500, text: "Search first." },
    ]);
    expect(vtt).toBe(
      [
        "WEBVTT",
        "",
        "1",
        "00:00:00.000 --> 00:00:04.000",
        "Search first.",
        "",
        "2",
        "00:00:04.000 --> 00:00:09.000",
        "Then the product page.",
        "",
      ].join("\n"),
    );
  });

  it("keeps a cue's text on one line, without markup or an arrow", () => {
    const vtt = writeVtt([{ start: 0, end: 1_000, text: "A <b> & B\n\n--> C" }]);
    expect(vtt).toContain("\nA &lt;b> &amp; B → C\n");
  });

  it("refuses a step that has no time of its own", () => {
    expect(() => orderedSteps([{ start: 1_000, end: 1_000, text: "Nothing" }])).toThrow(/no time/);
  });
});

describe("clockTime", () => {
  it("shows minutes and seconds", () => {
    expect(clockTime(0)).toBe("0:00");
    expect(clockTime(65_900)).toBe("1:05");
  });
});
