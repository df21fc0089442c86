import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { safeRedirectPath } from "./safe-redirect";

const fallback = "/drug-tariff-parts/partviiia";

describe("safeRedirectPath", () => {
  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%2F%2Fevil.example",
    "%2F%2Fevil.example",
    "/%5Cevil.example",
    "https:evil.example",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/%09/evil.example",
    "/\t/evil.example",
    "http://127.0.0.1:3000@evil.example",
    "/%252F%252Fevil.example",
    "/.//evil.example",
    "/a/..//evil.example",
    "",
  ])("refuses %j (abuse case 7)", (payload) => {
    expect(safeRedirectPath(payload, fallback)).toBe(fallback);
  });

  it("refuses values that are not strings", () => {
    expect(safeRedirectPath(undefined, fallback)).toBe(fallback);
    expect(safeRedirectPath(["/a"], fallback)).toBe(fallback);
  });

  it.each([
    ["/pricing/choose-your-plan", "/pricing/choose-your-plan"],
    [
      "/drug-tariff-parts/partix-appliances?searchTerm=stoma&month=2026-10",
      "/drug-tariff-parts/partix-appliances?searchTerm=stoma&month=2026-10",
    ],
    [
      "/account-management/dashboard?section=manage-users#users",
      "/account-management/dashboard?section=manage-users#users",
    ],
    ["/a/../b", "/b"],
  ])("keeps the same-origin path %j", (input, expected) => {
    expect(safeRedirectPath(input, fallback)).toBe(expected);
  });

  it(
    "never returns anything but the fallback or a path that stays on our origin",
    { timeout: 30_000 },
    () => {
      const origin = "https://tariffscope.example";
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string(),
            fc.webUrl(),
            fc.webPath(),
            fc
              .constantFrom("/", "//", "\\", "%2F", "%5C", "\t", "@", ":")
              .chain((prefix) => fc.string().map((rest) => prefix + rest)),
          ),
          (input) => {
            const result = safeRedirectPath(input, fallback);
            if (result === fallback) return;
            expect(result.startsWith("/")).toBe(true);
            expect(result.startsWith("//")).toBe(false);
            expect(new URL(result, origin).origin).toBe(origin);
          },
        ),
        { numRuns: 5000 },
      );
    },
  );
});
