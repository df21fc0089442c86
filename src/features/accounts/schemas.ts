import { z } from "zod";

import { passwordLimits } from "@/lib/security/password-policy";

/** Shared by the forms (react-hook-form) and the server actions, so both say the same thing. */
const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Please enter your ${label}`)
    .max(80, `Your ${label} must be at most 80 characters`)
    .refine(
      (value) => !/[\u0000-\u001f\u007f<>]/.test(value),
      `Your ${label} contains characters we cannot accept`,
    );

export const emailField = z.string().trim().toLowerCase().pipe(z.email("Please enter a valid email address"));

export const personalDetailsSchema = z
  .object({
    firstName: name("first name"),
    lastName: name("last name"),
    jobRole: name("occupation"),
  })
  .strict();

export const signUpSchema = personalDetailsSchema
  .extend({
    email: emailField,
    password: z
      .string()
      .min(passwordLimits.min, `Use at least ${passwordLimits.min} characters`)
      .max(passwordLimits.max, `Use at most ${passwordLimits.max} characters`),
    acceptLicence: z.literal(true, "Please read and accept the License Agreement"),
    acceptPrivacy: z.literal(true, "Please read and accept the Privacy Policy"),
  })
  .strict();

export const editionSchema = z.object({ edition: z.union([z.literal(1), z.literal(2)]) }).strict();

export type PersonalDetailsInput = z.infer<typeof personalDetailsSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
