import { describe, expect, it } from "vitest";

import { errorLine, playwrightFailures, vitestFailures } from "./test-failures";

describe("the names of failed tests at the end of a run", () => {
  it("names each failed Vitest test by file, and a file that failed to load", () => {
    const report = {
      testResults: [
        {
          name: "/repo/src/a.test.ts",
          status: "failed",
          assertionResults: [
            { fullName: "lists adds a pack", status: "passed" },
            {
              fullName: "lists refuses a bad code",
              status: "failed",
              failureMessages: ["AssertionError: expected 200 to be 400\n    at src/a.test.ts:9:20"],
            },
          ],
        },
        {
          name: "/repo/src/b.test.ts",
          status: "failed",
          message: "Cannot find module x\n  at …",
          assertionResults: [],
        },
        {
          name: "/repo/src/c.test.ts",
          status: "passed",
          assertionResults: [{ fullName: "ok", status: "passed" }],
        },
      ],
    };
    expect(vitestFailures(report, "/repo")).toEqual([
      "src/a.test.ts › lists refuses a bad code: AssertionError: expected 200 to be 400",
      "src/b.test.ts: did not run (Cannot find module x)",
    ]);
  });

  it("names each Playwright test that failed or passed only on a retry, with its project", () => {
    const report = {
      suites: [
        {
          suites: [
            {
              specs: [
                {
                  title: "signs in",
                  file: "auth.spec.ts",
                  line: 12,
                  tests: [{ projectName: "phone", status: "expected" }],
                },
                {
                  title: "exports CSV",
                  file: "lists.spec.ts",
                  line: 40,
                  tests: [
                    {
                      projectName: "phone",
                      status: "unexpected",
                      results: [
                        {
                          error: {
                            message:
                              "\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: getByText('Saved')\nExpected: visible",
                            location: { file: "/repo/tests/e2e/lists.spec.ts", line: 52 },
                          },
                        },
                      ],
                    },
                    {
                      projectName: "desktop",
                      status: "flaky",
                      results: [{ error: { message: "Test timeout of 60000ms exceeded." } }, {}],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(report)).toEqual([
      "lists.spec.ts:40 › exports CSV [phone]: Error: expect(locator).toBeVisible() failed (Locator: getByText('Saved')) at lists.spec.ts:52",
      "lists.spec.ts:40 › exports CSV [desktop] (flaky): Test timeout of 60000ms exceeded.",
    ]);
  });

  it("keeps an error to one line of at most 240 characters", () => {
    const line = errorLine(`Error: ${"x".repeat(400)}\nmore`);
    expect(line).toHaveLength(240);
    expect(line.endsWith("…")).toBe(true);
    expect(errorLine(undefined)).toBe("");
  });
});
