import { hashPassword } from "better-auth/crypto";

import type { Database } from "./client";
import { account, licences, profiles, user } from "./schema";

/** Fixed ids make seeding idempotent: a second run finds the rows and changes nothing. */
export const DEMO_LICENCE_ID = "00000000-0000-4000-8000-000000000001";
export const DEMO_OWNER_ID = "demo-owner";
export const DEMO_PASSWORD = "tariffscope-demo-1";

type DemoAccount = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  jobRole: string;
  description: string;
  admin?: boolean;
  delegate?: boolean;
  subscribed?: boolean;
  onLicence?: boolean;
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    id: "demo-admin",
    email: "admin@demo.tariffscope.test",
    firstName: "Amira",
    lastName: "Shah",
    jobRole: "Superintendent Pharmacist",
    description: "admin of Demo Pharmacy Ltd (5 seats), subscribed",
    admin: true,
    subscribed: true,
    onLicence: true,
  },
  {
    id: "demo-delegate",
    email: "delegate@demo.tariffscope.test",
    firstName: "Daniel",
    lastName: "Evans",
    jobRole: "Pharmacy Technician",
    description: "a delegate on Demo Pharmacy Ltd",
    delegate: true,
    subscribed: true,
    onLicence: true,
  },
  {
    id: "demo-newuser",
    email: "newuser@demo.tariffscope.test",
    firstName: "Nora",
    lastName: "Quinn",
    jobRole: "Pharmacist",
    description: "verified, no subscription",
  },
  {
    id: DEMO_OWNER_ID,
    email: "owner@demo.tariffscope.test",
    firstName: "Oliver",
    lastName: "Grant",
    jobRole: "TariffScope operator",
    description: "the owner account (User Analytics, Master Admin)",
    subscribed: true,
  },
];

export type SeedReport = { inserted: number };

export async function seedDatabase(db: Database, options: { demo: boolean }): Promise<SeedReport> {
  if (!options.demo) return { inserted: 0 };
  let inserted = 0;
  await db.transaction(async (tx) => {
    const licenceRows = await tx
      .insert(licences)
      .values({ licenceId: DEMO_LICENCE_ID, organisation: "Demo Pharmacy Ltd", seats: 5 })
      .onConflictDoNothing()
      .returning({ id: licences.licenceId });
    inserted += licenceRows.length;

    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const acceptedAt = new Date("2024-09-01T00:00:00Z");
    for (const demo of DEMO_ACCOUNTS) {
      const users = await tx
        .insert(user)
        .values({
          id: demo.id,
          name: `${demo.firstName} ${demo.lastName}`,
          email: demo.email,
          emailVerified: true,
        })
        .onConflictDoNothing()
        .returning({ id: user.id });
      if (users.length === 0) continue;
      inserted += 1;
      await tx.insert(account).values({
        id: `${demo.id}-credential`,
        accountId: demo.id,
        providerId: "credential",
        userId: demo.id,
        password: passwordHash,
      });
      await tx.insert(profiles).values({
        id: demo.id,
        email: demo.email,
        firstName: demo.firstName,
        lastName: demo.lastName,
        jobRole: demo.jobRole,
        admin: demo.admin ?? false,
        delegate: demo.delegate ?? false,
        isSubscribed: demo.subscribed ?? false,
        licenceId: demo.onLicence ? DEMO_LICENCE_ID : null,
        licenceAcceptedAt: acceptedAt,
        privacyAcceptedAt: acceptedAt,
        termsVersion: "2024-09-01",
      });
    }
  });
  return { inserted };
}
