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
    licenceId: z.uuid(),
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

/** The most a key may be allowed (ADR 220): a hundred requests a second, a million a day. */
export const keyLimitMax = { perMinute: 6000, perDay: 1_000_000 } as const;

const requests = (per: "minute" | "day") => {
  const max = keyLimitMax[per === "minute" ? "perMinute" : "perDay"];
  const wholeNumber = `Enter the requests a ${per} as a whole number.`;
  // A number, or the form's text of one; anything else (an empty field included) is not a number.
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    z
      .number({ error: wholeNumber })
      .int(wholeNumber)
      .min(1, `Allow at least 1 request a ${per}.`)
      .max(max, `Allow at most ${max.toLocaleString("en-GB")} requests a ${per}.`),
  );
};

/** A key's new allowance; the key must be one of the licence's, which the handler checks. */
export const changeKeyLimitsSchema = z
  .object({
    licenceId: z.uuid(),
    keyId: z.uuid(),
    perMinute: requests("minute"),
    perDay: requests("day"),
    reason,
  })
  .strict()
  .superRefine((input, context) => {
    // Compared only once both are valid numbers: a wrong one has its own message.
    const limitsValid = !context.issues.some((issue) =>
      ["perMinute", "perDay"].includes(String(issue.path?.[0])),
    );
    if (limitsValid && input.perDay < input.perMinute)
      context.addIssue({
        code: "custom",
        path: ["perDay"],
        message: `Allow at least as many requests a day as a minute (${input.perMinute.toLocaleString("en-GB")}).`,
      });
  });
