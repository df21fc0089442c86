import "server-only";

import { getDb } from "@/db/client";
import { customPlanEnquiries } from "@/db/schema";
import { consumeRateLimits } from "@/lib/security/rate-limit";
import { customPlanEnquiryEmail, sendEmail } from "@/lib/email";
import { AppError } from "@/lib/errors";
import { getLogger } from "@/lib/logger";
import type { CurrentUser } from "@/lib/session";
import { site } from "@/lib/site";

import type { customPlanEnquirySchema } from "./schemas";
import type { z } from "zod";

/** Enough for a real enquiry and a correction; not a way to send our sales team a flood. */
export const enquiryLimits = {
  perAddress: { max: 5, windowSeconds: 3600 },
  perEmail: { max: 3, windowSeconds: 3600 },
};

/**
 * A request for a plan above 10 users (product §1): kept in `custom_plan_enquiries` and e-mailed to
 * the sales address. The e-mail goes to us only, from a fixed template, never to the address given.
 */
export async function submitCustomPlanEnquiry(
  input: z.output<typeof customPlanEnquirySchema>,
  context: { user: CurrentUser | null; clientAddress: string | null },
): Promise<{ received: true }> {
  const email = input.email.toLowerCase();
  const decision = await consumeRateLimits([
    { key: `enquiry:address:${context.clientAddress ?? "unknown"}`, rule: enquiryLimits.perAddress },
    { key: `enquiry:email:${email}`, rule: enquiryLimits.perEmail },
  ]);
  if (!decision.allowed) throw new AppError("rate_limited");

  const enquiry = { ...input, email, message: input.message || null };
  const [row] = await getDb()
    .insert(customPlanEnquiries)
    .values({ ...enquiry, profileId: context.user?.id ?? null })
    .returning({ id: customPlanEnquiries.id });
  try {
    await sendEmail({ to: site.salesEmail, ...(await customPlanEnquiryEmail(enquiry)) }, { essential: true });
  } catch (error) {
    getLogger().error({ err: error, enquiryId: row!.id }, "custom plan enquiry e-mail failed");
    throw new AppError(
      "unavailable",
      `We kept your enquiry but could not pass it on just now. Please e-mail ${site.salesEmail}.`,
      { cause: error },
    );
  }
  getLogger().info({ enquiryId: row!.id, seats: input.seats }, "custom plan enquiry received");
  return { received: true };
}
