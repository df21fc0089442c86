import { figure, port, say, table, verdicts } from "../report";
import { vitest, vitestOutcomes, type SecurityRun } from "../runners";

/** The tests of docs/security.md's "Uploads" section, besides the real-server bombs. */
const uploadTests = [
  "src/features/imports/xlsx.test.ts",
  "src/features/imports/size-limits.test.ts",
  "tests/integration/margin-upload-routes.test.ts",
  "tests/integration/import-upload-route.test.ts",
  "tests/integration/upload-route-headers.test.ts",
  "tests/integration/changes-feed.test.ts",
];

/**
 * Decompression bombs against a real server capped at 192 MB of heap, and each upload kind's limits
 * (docs/security.md, "Uploads").
 */
export async function uploadsStep(security: SecurityRun) {
  const bombs = await vitest(
    security,
    "uploads-server",
    ["tests/security/upload-bombs.test.ts"],
    { UPLOAD_SERVER_PORT: String(Number(port) + 3) },
    ["--config", "vitest.security.config.ts"],
  );
  const tests = await vitest(security, "uploads", uploadTests, {});
  const outcomes = [...vitestOutcomes(bombs.report), ...vitestOutcomes(tests.report)];
  say("\n## Uploads: decompression bombs and each kind's limits\n");
  type Answer = { status: number; ms: number; riseMb: number; healthMs?: number; healthStatus?: number };
  const figures =
    figure<Record<string, Answer & { statuses?: number[]; slowestMs?: number }>>("upload-bombs");
  if (figures)
    table(
      ["bomb", "answer", "time", "memory rise", "health meanwhile"],
      Object.entries(figures).map(([name, answer]) => [
        name,
        answer.statuses ? answer.statuses.join(", ") : String(answer.status),
        `${answer.slowestMs ?? answer.ms} ms`,
        `${answer.riseMb} MB`,
        answer.healthStatus ? `${answer.healthStatus} in ${answer.healthMs} ms` : "",
      ]),
    );
  else say("No figures: the real-server test did not run to the end.");
  const failed = outcomes.filter((test) => test.status === "failed");
  const passed = outcomes.filter((test) => test.status === "passed").length;
  say(`\nUpload tests: ${passed} passed, ${failed.length} failed.`);
  for (const test of failed) say(`  FAILED: ${test.file}: ${test.fullName}`);
  verdicts.push({
    step: "uploads",
    ok: bombs.code === 0 && tests.code === 0 && !!figures && failed.length === 0 && passed > 0,
    note: `${passed} tests passed${figures ? `, ${Object.keys(figures).length} bombs refused` : ", no figures"}`,
  });
}
