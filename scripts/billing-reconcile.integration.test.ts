import { describe, expect, it } from "vitest";

import { testSubscriptions } from "@/db/schema";
import { changeTestSubscription } from "@/features/billing/gateway/test-provider";
import { syncSubscription } from "@/features/billing/sync";
import { insertBuyer, licenceOfSubscription } from "@tests/fixtures/billing";
import { setupTestDatabase } from "@tests/fixtures/db";
import { runScript } from "@tests/fixtures/processes";

/** `npm run billing:reconcile` on the local test checkout: what it prints, what it repairs, its exit code. */
const database = setupTestDatabase();

const cli = (args: string[] = []) =>
  runScript(
    "scripts/billing-reconcile.ts",
    // As package.json runs it: the billing modules are server-only.
    { DATABASE_URL: database.url, NODE_OPTIONS: "--conditions=react-server", LOG_LEVEL: "silent" },
    120_000,
    args,
  );

async function testLicence(seats: number) {
  const buyer = await insertBuyer(`tcus_cli_${Date.now()}`);
  const id = `tsub_cli_${Date.now()}`;
  await database.db.insert(testSubscriptions).values({
    id,
    customerId: buyer.customerId,
    planId: "multi-5",
    billingInterval: "monthly",
    quantity: seats,
    status: "active",
    currentPeriodEnd: new Date("2027-03-01T00:00:00Z"),
    metadata: { profileId: buyer.id, planId: "multi-5", interval: "monthly", organisation: "Dock Chemist" },
  });
  const { licenceId } = (await syncSubscription(id))!;
  return { id, licenceId };
}

describe("npm run billing:reconcile", () => {
  it("reports drift in a dry run, then repairs it and says what it changed", async () => {
    const { id, licenceId } = await testLicence(5);
    await changeTestSubscription(id, { quantity: 2 });

    const dry = await cli(["--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.output).toContain(
      `Dock Chemist (licence ${licenceId}, subscription ${id}): would repair: seats 5 → 2`,
    );
    expect(dry.output).toContain("Checked 1 licence against the test checkout: 0 in step, 1 to repair");
    expect((await licenceOfSubscription(id))!.seats).toBe(5);

    const repaired = await cli();
    expect(repaired.code).toBe(0);
    expect(repaired.output).toContain(
      `Dock Chemist (licence ${licenceId}, subscription ${id}): repaired: seats 5 → 2`,
    );
    expect(repaired.output).toContain(
      "Checked 1 licence against the test checkout: 0 in step, 1 repaired, 0 not found there, 0 failed.",
    );
    expect((await licenceOfSubscription(id))!.seats).toBe(2);

    const again = await cli();
    expect(again.output).toContain("Checked 1 licence against the test checkout: 1 in step, 0 repaired");
  });
});
