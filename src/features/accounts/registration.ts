import "server-only";

import { eq } from "drizzle-orm";

import { getDb } from "@/db/client";
import { profiles, user } from "@/db/schema";
import { consumeEmailAllowance } from "@/lib/security/email-allowance";
import { consumeRateLimit } from "@/lib/security/rate-limit";
import { getAuth } from "@/lib/auth";
import { AppError } from "@/lib/errors";
import { passwordProblem } from "@/lib/security/password-policy";

import type { SignUpInput } from "./schemas";
import { currentTermsVersion } from "./terms";

export const signUpsPerAddress = { max: 5, windowSeconds: 10 * 60 } as const;

const codeWaitMessage = (seconds: number) =>
  `We have already sent a code to this address: enter it below. Please wait ${seconds} seconds before asking for another code.`;

/**
 * Creates an account and e-mails its six-digit code. Both documents must have been accepted (the
 * schema demands `true` for each) and the password must pass the policy. The answer is the same
 * whether or not the address already has an account (R7): "we have sent a code". Signing up again
 * while the last code is the newest the address may have answers the same, with `codeWait` saying
 * when another code may be asked for: the code already sent is the one to enter.
 */
export async function registerAccount(
  input: SignUpInput,
  request: { headers: Headers; clientAddress: string | null },
): Promise<{ email: string; codeWait?: string }> {
  const fromAddress = await consumeRateLimit(
    `signup:ip:${request.clientAddress ?? "unknown"}`,
    signUpsPerAddress,
  );
  if (!fromAddress.allowed) {
    throw new AppError(
      "rate_limited",
      `Too many sign-ups from here. Please try again in ${fromAddress.retryAfterSeconds} seconds.`,
    );
  }
  const problem = passwordProblem(input.password, { email: input.email });
  if (problem) throw new AppError("validation", problem, { fieldErrors: { password: [problem] } });
  const allowance = await consumeEmailAllowance(input.email, "code");
  // A code went to this address moments ago (the allowance counts every address alike, so this
  // tells nothing about an account): the user is offered its entry again, told when a new one may come.
  if (!allowance.allowed)
    return { email: input.email, codeWait: codeWaitMessage(allowance.retryAfterSeconds) };

  const result = await getAuth().api.signUpEmail({
    body: { name: `${input.firstName} ${input.lastName}`, email: input.email, password: input.password },
    headers: request.headers,
  });
  // For an address that already has an account Better Auth answers with a stand-in user it never stored.
  const [created] = await getDb().select({ id: user.id }).from(user).where(eq(user.id, result.user.id));
  if (created) {
    const acceptedAt = new Date();
    await getDb()
      .insert(profiles)
      .values({
        id: created.id,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        jobRole: input.jobRole,
        licenceAcceptedAt: acceptedAt,
        privacyAcceptedAt: acceptedAt,
        termsVersion: currentTermsVersion,
      })
      .onConflictDoNothing();
  }
  return { email: input.email };
}
