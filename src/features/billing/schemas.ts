import { z } from "zod";

import { customPlanThreshold, plans, type Plan } from "./plans";

/**
 * The inputs of every billing action, shared by the forms and the server. Each is `.strict()`: an
 * unknown field (`is_subscribed`, `license_id`, `customerId`, `__proto__`, ...) is refused (R3).
 */

const planIds = plans.map((plan) => plan.id) as [Plan["id"], ...Plan["id"][]];

/** One line of ordinary text: no line breaks or other control characters. */
const oneLine = (label: string, max: number) =>
  z
    .string({ message: `Please enter ${label}` })
    .trim()
    .min(1, `Please enter ${label}`)
    .max(max, `Please keep ${label} under ${max} characters`)
    .refine((value) => !/[\p{Cc}]/u.test(value), `Please enter ${label} on one line`);

export const checkoutSchema = z
  .object({
    planId: z.enum(planIds, { message: "Please choose a plan" }),
    interval: z.enum(["monthly", "annual"], { message: "Please choose monthly or annual billing" }),
    organisation: oneLine("your organisation's name", 100).optional(),
    /** Start with the free trial (ADR 190); the server decides whether this user may have one. */
    trial: z.boolean({ message: "Please say whether to start a free trial" }).optional(),
  })
  .strict()
  .superRefine((input, context) => {
    if (input.planId !== "single" && !input.organisation)
      context.addIssue({
        code: "custom",
        path: ["organisation"],
        message: "Please enter your organisation's name",
      });
  });
export type CheckoutInput = z.input<typeof checkoutSchema>;

export const customPlanEnquirySchema = z
  .object({
    name: oneLine("your name", 100),
    email: z.email({ message: "Please enter a valid email address" }).max(254),
    organisation: oneLine("your organisation's name", 100),
    seats: z
      .number({ message: "Please enter the number of users" })
      .int("Please enter a whole number of users")
      .min(customPlanThreshold + 1, `Custom plans start at ${customPlanThreshold + 1} users`)
      .max(100_000, "Please enter a realistic number of users"),
    message: z.string().trim().max(2000, "Please keep your message under 2,000 characters").optional(),
  })
  .strict();
export type CustomPlanEnquiryInput = z.input<typeof customPlanEnquirySchema>;

export const testCheckoutSchema = z
  .object({
    sessionId: z.string().regex(/^tcs_[0-9a-f]{24}$/, "Unknown checkout"),
    /** The test card that is declined when first charged (a trial that then ends unpaid). */
    cardDeclines: z.boolean({ message: "Please choose a test card" }).optional(),
  })
  .strict();

export const testPortalSeatsSchema = z
  .object({
    seats: z
      .number({ message: "Please enter a number of seats" })
      .int("Please enter a whole number of seats")
      .min(1, "A licence has at least one seat")
      .max(100, "The test portal allows up to 100 seats"),
  })
  .strict();

export const emptySchema = z.object({}).strict();
