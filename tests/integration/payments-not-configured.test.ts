import { describe, expect, it, vi } from "vitest";

import { payTestCheckout, startCheckout } from "@/features/billing/actions";
import { getTestPortal } from "@/features/billing/test-mode";
import { insertUser } from "@tests/fixtures/accounts";
import { billingSnapshot } from "@tests/fixtures/billing";
import { setupTestDatabase } from "@tests/fixtures/db";
import { actAs } from "@tests/fixtures/request-context";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

/**
 * A real deployment (the database the tests name) with no Stripe settings and no TEST_CHECKOUT=1:
 * `npm start` would refuse to start, and the app itself takes no "payments" either.
 */
setupTestDatabase();

describe("payments on an operator's database without Stripe or TEST_CHECKOUT=1", () => {
  it("are not taken: no test checkout to pay with nothing, and a plain message", async () => {
    vi.stubEnv("TEST_CHECKOUT", "");
    vi.stubEnv("STRIPE_SECRET_KEY", "");
    const buyer = await insertUser();
    await actAs(buyer);
    const before = await billingSnapshot();

    const started = await startCheckout({
      planId: "single",
      interval: "monthly",
      organisation: "Nobody Ltd",
    });
    expect(started).toMatchObject({
      ok: false,
      code: "unavailable",
      message: "Payments are not set up on this server yet. Please contact us.",
    });
    expect(await payTestCheckout({ sessionId: `tcs_${"0".repeat(24)}` })).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect(await getTestPortal({ ...buyer, admin: true, subscribed: true } as never)).toBeNull();
    expect(await billingSnapshot()).toEqual(before);
  });
});
