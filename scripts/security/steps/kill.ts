import { figure, port, say, table, verdicts } from "../report";
import { vitest, vitestOutcomes, type Outcome, type SecurityRun } from "../runners";

/**
 * kill -9 during a real Part IX import, and of the app server during a webhook and an add-member;
 * PostgreSQL stopped mid-request, on a private cluster (tests/security/*.test.ts). Returns the tests'
 * outcomes, for the abuse cases' table.
 */
export async function killStep(security: SecurityRun): Promise<Outcome[]> {
  const { code, report } = await vitest(
    security,
    "kill",
    [
      "tests/security/import-kill.test.ts",
      "tests/security/app-kill.test.ts",
      "tests/security/database-stop.test.ts",
    ],
    { KILL_SERVER_PORT: String(Number(port) + 1), DATABASE_STOP_SERVER_PORT: String(Number(port) + 2) },
    ["--config", "vitest.security.config.ts"],
  );
  const killOutcomes = vitestOutcomes(report);
  importKill(code);
  appKill(code, killOutcomes);
  return killOutcomes;
}

/** The import killed with SIGKILL while saving, at several delays. */
function importKill(code: number) {
  const kill = figure<{
    file: string;
    previousMonthRows: number;
    kills: { delayMs: number; killedWhileSaving: boolean; juneWhole: boolean; julyRows: number }[];
  }>("import-kill");
  say("\n## kill -9 during a real Part IX import\n");
  if (kill) {
    say(
      `Previous month (June 2026, NHSBSA's file): ${kill.previousMonthRows.toLocaleString("en-GB")} rows. ${kill.file} killed with SIGKILL while saving:`,
    );
    table(
      ["killed after saving began", "killed mid-import", "previous month whole", "rows of the killed month"],
      kill.kills.map((k) => [
        `${k.delayMs} ms`,
        k.killedWhileSaving ? "yes" : "no (it had finished)",
        k.juneWhole ? "yes" : "NO",
        String(k.julyRows),
      ]),
    );
  } else say("No figure: the real files are missing or the test failed.");
  verdicts.push({
    step: "kill -9 import",
    ok: code === 0 && !!kill,
    note: kill ? `${kill.kills.length} kills` : "no figure",
  });
}

/** The app server killed inside a webhook and an add-member, and PostgreSQL stopped mid-request. */
function appKill(code: number, killOutcomes: Outcome[]) {
  say("\n## kill -9 of the app server, and PostgreSQL stopped mid-request\n");
  const results = killOutcomes.filter((o) => !o.file.endsWith("import-kill.test.ts"));
  table(
    ["test", "result"],
    results.map((o) => [o.fullName, o.status]),
  );
  type AppKill = {
    webhook?: {
      rowsAfterKill: { webhookEvents: number; licences: number };
      restartSeconds: number;
      redeliveries: number[];
      licencesAfter: number;
      eventsStored: number;
    };
    addMember?: {
      afterKill: { memberIn: boolean; seatsUsed: number; seats: number };
      afterRetry: { seatsUsed: number; seats: number };
      anotherInviteeOnTheFullLicence: string;
    };
  };
  const appKilled = figure<AppKill>("app-kill");
  const stop = figure<{
    interruptedRequest: { status: number; body: unknown };
    requestWhileDown: number;
    signedInPageWhileDown: number;
    partialWritesAfterRestart: number;
    redeliveryAfterRestart: number;
    eventsStored: number;
  }>("database-stop");
  const { webhook, addMember } = appKilled ?? {};
  if (webhook)
    say(
      `\nWebhook killed inside its transaction: after the kill ${webhook.rowsAfterKill.webhookEvents} event rows and ${webhook.rowsAfterKill.licences} licences of it; restarted in ${webhook.restartSeconds} s, redelivered twice (${webhook.redeliveries.join(", ")}; the second a duplicate): ${webhook.licencesAfter} licence, ${webhook.eventsStored} event stored.`,
    );
  if (addMember)
    say(
      `Add-member killed inside its transaction: member in after the kill: ${addMember.afterKill.memberIn ? "YES" : "no"}, seats ${addMember.afterKill.seatsUsed}/${addMember.afterKill.seats}; after the retry ${addMember.afterRetry.seatsUsed}/${addMember.afterRetry.seats}; another invitee on the full licence: ${addMember.anotherInviteeOnTheFullLicence}.`,
    );
  if (stop)
    say(
      `PostgreSQL stopped mid-request (private cluster): the request answered ${stop.interruptedRequest.status} ${JSON.stringify(stop.interruptedRequest.body)}; another while down ${stop.requestWhileDown}, a signed-in page ${stop.signedInPageWhileDown}; ${stop.partialWritesAfterRestart} partial writes after the restart; the redelivery ${stop.redeliveryAfterRestart}, ${stop.eventsStored} event stored.`,
    );
  if (!webhook || !addMember || !stop) say("Some figures are missing: a test failed or was skipped.");
  const passed = results.filter((o) => o.status === "passed").length;
  verdicts.push({
    step: "kill -9 app, database stopped",
    ok: code === 0 && results.length > 0 && passed === results.length,
    note: `${passed} of ${results.length} passed`,
  });
}
