import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { parseGtin, parsePence, parsePounds, parseQuantity, parseSnomedCode } from "./values";

const value = <T>(parsed: { ok: true; value: T } | { ok: false; expected: string }) =>
  parsed.ok ? parsed.value : undefined;

describe("prices in pence (NHSBSA files, dm+d)", () => {
  it.each([
    ["35225", 35225],
    [" 52 ", 52],
    ["1400000", 1400000],
    ["1,400,000", 1400000],
    ["2414.0", 2414],
    ["0", 0],
  ])("%j → %i", (text, pence) => expect(value(parsePence(text))).toBe(pence));

  it.each(["", "abc", "12.5", "-3", "£12", "1,40,000", "12 34", "99999999999"])(
    "refuses %j, saying what it expected",
    (text) => {
      expect(parsePence(text)).toEqual({ ok: false, expected: "a price in whole pence, such as 2414" });
    },
  );

  it("reads back any whole number of pence, written plain or with thousands separators", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), fc.boolean(), (pence, grouped) => {
        const text = grouped ? pence.toLocaleString("en-GB") : String(pence);
        expect(value(parsePence(text))).toBe(pence);
      }),
    );
  });
});

describe("prices in pounds (Community Pharmacy England's concessions)", () => {
  it.each([
    ["£15.54", 1554],
    ["15.54", 1554],
    ["11.9", 1190],
    ["£123.45", 12345],
    ["£1,234.56", 123456],
    ["£1.50 (previously £1.20)", 150],
    ["£1.50(previously £1.20)", 150],
    ["11..35", 1135],
    ["£7", 700],
    ["\u00a3 4.05\u00a0", 405],
  ])("%j → %i pence", (text, pence) => expect(value(parsePounds(text))).toBe(pence));

  it.each(["", "£", "free", "£15.543", "15,54", "n/a"])("refuses %j", (text) => {
    expect(parsePounds(text).ok).toBe(false);
  });

  it("reads any amount however it is written: £ or not, 1 or 2 decimals, a note after it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom("", " (previously £3.21)", " (rolled over)"),
        (pence, pound, grouped, note) => {
          const pounds = Math.floor(pence / 100);
          const rest = pence % 100;
          const whole = grouped ? pounds.toLocaleString("en-GB") : String(pounds);
          // A price with a trailing zero is sometimes written with one decimal: 11.9 for £11.90.
          const fraction =
            rest % 10 === 0 && rest !== 0 ? `.${rest / 10}` : `.${String(rest).padStart(2, "0")}`;
          expect(value(parsePounds(`${pound ? "£" : ""}${whole}${fraction}${note}`))).toBe(pence);
        },
      ),
    );
  });
});

describe("other values", () => {
  it("pack sizes may be decimals", () => {
    expect(value(parseQuantity("22.5"))).toBe(22.5);
    expect(value(parseQuantity("28"))).toBe(28);
    expect(parseQuantity("28 tablets").ok).toBe(false);
  });

  it("SNOMED codes and GTINs stay text, leading zeros and all, beyond JavaScript's safe integers", () => {
    expect(value(parseSnomedCode("39724011000001106"))).toBe("39724011000001106");
    expect(value(parseSnomedCode("994511000001109.0"))).toBe("994511000001109");
    expect(parseSnomedCode("12AB").ok).toBe(false);
    expect(value(parseGtin("05012345678900"))).toBe("05012345678900");
  });
});
