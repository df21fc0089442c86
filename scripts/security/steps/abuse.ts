import { abuseCases } from "../abuse-cases";
import { figure, say, table, verdicts, type StepName } from "../report";
import { resultsOf, vitest, vitestOutcomes, type Outcome, type SecurityRun } from "../runners";

/** The step that runs a test file of an abuse case when the abuse step does not: browser tests, slow ones. */
function stepOf(file: string): StepName | undefined {
  if (file.endsWith(".spec.ts")) return "xss";
  if (file.startsWith("tests/security/")) return "kill";
  return undefined;
}

/**
 * The tests of the abuse cases of docs/security.md, on a real PostgreSQL: a table of case → test →
 * result. `otherOutcomes` are the tests the xss and kill steps ran, which some cases name.
 */
export async function abuseStep(security: SecurityRun, otherOutcomes: Outcome[]) {
  const files = [...new Set(abuseCases.flatMap((c) => c.tests.map((t) => t.file)))].filter(
    (file) => !stepOf(file),
  );
  const { code, report } = await vitest(security, "abuse", files, { SEAT_RACE_ROUNDS: "50" });
  const outcomes = [...vitestOutcomes(report), ...otherOutcomes];
  say(`\n## The ${abuseCases.length} abuse cases of docs/security.md\n`);
  const rows: string[][] = [];
  let casesOk = 0;
  for (const abuse of abuseCases) {
    let caseOk = true;
    for (const test of abuse.tests) {
      const { matched, passed, failed } = resultsOf(test, outcomes);
      const step = stepOf(test.file);
      const elsewhere = !!step && !security.steps.has(step);
      const result =
        matched === 0
          ? elsewhere
            ? `run by the ${step} step`
            : "NOT FOUND"
          : failed > 0
            ? `FAILED (${failed} of ${matched})`
            : passed === 0
              ? `skipped (${matched})`
              : `refused (${passed} test${passed > 1 ? "s" : ""} passed)`;
      if (failed > 0 || (matched === 0 && !elsewhere) || (matched > 0 && passed === 0)) caseOk = false;
      rows.push([String(abuse.id), abuse.title, `${test.file}: ${test.name || "(all)"}`, result]);
    }
    if (abuse.gaps) rows.push([String(abuse.id), "", `not covered: ${abuse.gaps}`, "gap"]);
    if (caseOk) casesOk += 1;
  }
  table(["case", "abuse", "test", "result"], rows);
  say(
    `\nAbuse cases: ${casesOk} of ${abuseCases.length} refused by every test mapped to them (exit code ${code}).`,
  );
  verdicts.push({
    step: "abuse cases",
    ok: code === 0 && casesOk === abuseCases.length,
    note: `${casesOk}/${abuseCases.length}`,
  });
  otpGuesses();
}

/** Guesses at an e-mailed code per address and hour, as tests/integration/otp-guessing.test.ts records them. */
function otpGuesses() {
  const greedy = figure<{ guessesPerClockHour: number[]; worstSixtyMinuteSpan: number }>("otp-greedy");
  const edge = figure<{ worstSixtyMinuteSpan: number }>("otp-window-edge");
  say("\n## Guesses at an e-mailed code, per address\n");
  if (greedy && edge) {
    say(`Greedy attacker (new code whenever allowed, fresh client address per request, 3 simulated hours):`);
    say(
      `  guesses per clock hour: ${greedy.guessesPerClockHour.join(", ")}; worst 60-minute span: ${greedy.worstSixtyMinuteSpan}`,
    );
    say(
      `Attacker who times the edge of the first code's hour: worst 60-minute span: ${edge.worstSixtyMinuteSpan}`,
    );
    verdicts.push({
      step: "otp guesses",
      ok:
        Math.max(...greedy.guessesPerClockHour, greedy.worstSixtyMinuteSpan, edge.worstSixtyMinuteSpan) <= 15,
      note: `${Math.max(...greedy.guessesPerClockHour)}/clock hour, worst 60 minutes ${Math.max(greedy.worstSixtyMinuteSpan, edge.worstSixtyMinuteSpan)}`,
    });
  } else {
    say("OTP figures missing (tests/integration/otp-guessing.test.ts did not record them).");
    verdicts.push({ step: "otp guesses", ok: false, note: "no figures" });
  }
}
