import { z } from "zod";

/** Every owner action says why; the reason is kept in the audit log for good. */
const reason = z
  .string()
  .trim()
  .min(5, "Please give a reason of at least 5 characters.")
  .max(500, "Please keep the reason under 500 characters.");

export const ownerSearchSchema = z.object({ term: z.string().trim().min(2).max(100) }).strict();

export const changeSeatsSchema = z
  .object({
    licenseId: z.uuid(),
    seats: z.coerce
      .number()
      .int("Please enter a whole number of seats.")
      .min(1, "A licence has at least 1 seat.")
      .max(1000, "A licence has at most 1,000 seats."),
    reason,
  })
  .strict();

export const resendInviteSchema = z.object({ inviteId: z.uuid(), reason }).strict();

export const userReasonSchema = z.object({ userId: z.string().min(1).max(100), reason }).strict();
