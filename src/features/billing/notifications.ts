import "server-only";

import { and, eq } from "drizzle-orm";

import { getDb } from "@/db/client";
import { licences, profiles } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { paymentFailedEmail, sendEmail } from "@/lib/email";
import { getLogger } from "@/lib/logger";

/** Where an admin updates their payment details: Manage Users, which holds Upgrade Plan. */
export const manageUsersPath = "/account-management/dashboard?section=manage-users";

/**
 * Tells each admin of a licence that a payment failed. Called after the event's transaction has
 * committed, so a redelivered event (ignored) never e-mails twice; a failed send is logged.
 */
export async function notifyPaymentFailed(licenceId: string): Promise<void> {
  const admins = await getDb()
    .select({ email: profiles.email, firstName: profiles.firstName, organisation: licences.organisation })
    .from(profiles)
    .innerJoin(licences, eq(licences.licenceId, profiles.licenceId))
    .where(and(eq(profiles.licenceId, licenceId), eq(profiles.admin, true)));
  const manageUrl = new URL(manageUsersPath, getEnv().APP_URL).toString();
  for (const admin of admins) {
    try {
      const content = await paymentFailedEmail({ ...admin, manageUrl });
      await sendEmail({ to: admin.email, ...content }, { essential: true });
    } catch (error) {
      getLogger().error({ err: error, licenseId: licenceId }, "payment-failed e-mail not sent");
    }
  }
}
