import { figure, say, verdicts } from "../report";
import { vitest, type SecurityRun } from "../runners";

const seatRounds = process.env.SEAT_RACE_ROUNDS ?? "1000";

/** The seat race: `SEAT_RACE_ROUNDS` rounds of 20 concurrent adds for a licence's last seat. */
export async function seatStep(security: SecurityRun) {
  const { code } = await vitest(
    security,
    "seats",
    ["src/features/licences/seat-race.integration.test.ts"],
    { SEAT_RACE_ROUNDS: seatRounds },
    ["-t", "goes to exactly one of them"],
  );
  const race = figure<{
    rounds: number;
    concurrentAdds: number;
    overruns: number;
    roundsWithoutExactlyOneWinner: number;
    seconds: number;
  }>("seat-race");
  say("\n## Seat race on PostgreSQL\n");
  if (race)
    say(
      `${race.rounds} rounds of ${race.concurrentAdds} concurrent adds for the last seat: ${race.overruns} overruns, ${race.roundsWithoutExactlyOneWinner} rounds without exactly one winner (${race.seconds} s).`,
    );
  else say("No seat-race figure: the test did not run to the end.");
  verdicts.push({
    step: "seat race",
    ok: code === 0 && race?.overruns === 0,
    note: race ? `${race.rounds} rounds, ${race.overruns} overruns` : "no figure",
  });
}
