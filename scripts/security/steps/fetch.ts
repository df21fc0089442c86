import { fetchCaseFiles, fetchCases } from "../fetch-cases";
import { figure, say, table, verdicts } from "../report";
import { resultsOf, vitest, vitestOutcomes, type SecurityRun } from "../runners";

/**
 * What the fetchers may reach and bring back: hosts, redirects, addresses, file names, size and time
 * limits, against a stand-in publisher on 127.0.0.1 and another host on 127.0.0.2 (ADR 170).
 */
export async function fetchStep(security: SecurityRun) {
  const { code, report } = await vitest(security, "fetch", fetchCaseFiles, {});
  const outcomes = vitestOutcomes(report);
  say(
    "\n## What the fetchers may reach and bring back (stand-in publisher on 127.0.0.1, another host on 127.0.0.2)\n",
  );
  let casesOk = 0;
  const rows: string[][] = [];
  for (const fetchCase of fetchCases) {
    let ok = true;
    for (const test of fetchCase.tests) {
      const { matched, passed, failed } = resultsOf(test, outcomes);
      if (matched === 0 || passed !== matched) ok = false;
      const result =
        matched === 0
          ? "NOT FOUND"
          : passed === matched
            ? `refused (${passed} test${passed > 1 ? "s" : ""} passed)`
            : `FAILED (${failed || matched - passed} of ${matched})`;
      rows.push([fetchCase.abuse, `${test.file}: ${test.name}`, result]);
    }
    if (ok) casesOk += 1;
  }
  table(["abuse", "test", "result"], rows);
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  const other = figure<{ connectionsToTheOtherHost: number }>("fetch-other-host");
  const redirect = figure<{ connectionsToTheOtherHost: number }>("fetch-redirect");
  const loopback = figure<{ connections: number }>("fetch-loopback");
  const name = figure<{ link: string; writtenAs: string; outsideFileIntact: boolean }>("fetch-file-name");
  const file = figure<{
    limitBytes: number;
    wouldHaveSentBytes: number;
    sentBeforeTheTransferWasAbandoned: number;
    tries: number;
  }>("fetch-size-file");
  const page = figure<{ limitBytes: number; sentBeforeTheTransferWasAbandoned: number }>("fetch-size-page");
  const time = figure<{ limitSeconds: number; tookSeconds: number }>("fetch-total-time");
  say("");
  if (other && redirect)
    say(
      `Connections to the other host: ${other.connectionsToTheOtherHost} for its link, ${redirect.connectionsToTheOtherHost} for the redirect to it.`,
    );
  if (loopback)
    say(
      `Connections made for plain http, a loopback literal and localhost without FETCH_ALLOWED_HOSTS: ${loopback.connections}.`,
    );
  if (name)
    say(
      `Link ${name.link} written as "${name.writtenAs}" in the work folder; the file outside it intact: ${name.outsideFileIntact ? "yes" : "NO"}.`,
    );
  if (file)
    say(
      `A file streaming ${mb(file.wouldHaveSentBytes)} against a ${mb(file.limitBytes)} limit: abandoned; the server had written ${mb(file.sentBeforeTheTransferWasAbandoned)} into the connection (its socket buffers included), ${file.tries} try.`,
    );
  if (page)
    say(
      `A page streaming without end against a ${mb(page.limitBytes)} limit: abandoned; the server had written ${mb(page.sentBeforeTheTransferWasAbandoned)}.`,
    );
  if (time)
    say(
      `A server that never answers, 4 tries of 1 s allowed in ${time.limitSeconds} s: gave up after ${time.tookSeconds.toFixed(1)} s.`,
    );
  say(
    `\nFetch cases: ${casesOk} of ${fetchCases.length} refused by every test mapped to them (exit code ${code}).`,
  );
  verdicts.push({
    step: "fetch",
    ok: code === 0 && casesOk === fetchCases.length,
    note: `${casesOk}/${fetchCases.length}`,
  });
}
