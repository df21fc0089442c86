import { describe, expect, it } from "vitest";

import { playwrightFailures, vitestFailures } from "./test-failures";

describe("the names of failed tests at the end of a run", () => {
  it("names each failed Vitest test by file, and a file that failed to load", () => {
    const report = {
      testResults: [
        {
          name: "/repo/src/a.test.ts",
          status: "failed",
          assertionResults: [
            { fullName: "lists adds a pack", status: "passed" },
            { fullName: "lists refuses a bad code", status: "failed" },
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
      "src/a.test.ts › lists refuses a bad code",
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
                    { projectName: "phone", status: "unexpected" },
                    { projectName: "desktop", status: "flaky" },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(report)).toEqual([
      "lists.spec.ts:40 › exports CSV [phone]",
      "lists.spec.ts:40 › exports CSV [desktop] (flaky)",
    ]);
  });
});
