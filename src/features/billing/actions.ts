"use server";

import { createAction } from "@/lib/action";

import { startCheckoutFor } from "./checkout";
import { submitCustomPlanEnquiry as submitEnquiry } from "./enquiry";
import {
  checkoutSchema,
  customPlanEnquirySchema,
  emptySchema,
  testCheckoutSchema,
  testPortalSeatsSchema,
} from "./schemas";
import { changeTestPortalSubscription, endTestPortalTrial, payTestCheckoutFor } from "./test-mode";

/** Continue to payment: the hosted checkout's address, for the browser to go to. */
export const startCheckout = createAction(
  { name: "billing.startCheckout", schema: checkoutSchema, access: "user" },
  async (input, { user }) => startCheckoutFor(user, input),
);

/** More than 10 users: the enquiry is kept and e-mailed to sales. Open to visitors who are not signed in. */
export const submitCustomPlanEnquiry = createAction(
  { name: "billing.submitCustomPlanEnquiry", schema: customPlanEnquirySchema, access: "public" },
  async (input, context) => submitEnquiry(input, context),
);

/** Pay on the local test checkout. */
export const payTestCheckout = createAction(
  { name: "billing.payTestCheckout", schema: testCheckoutSchema, access: "user" },
  async ({ sessionId, cardDeclines }, { user }) => payTestCheckoutFor(user, sessionId, { cardDeclines }),
);

/** The test portal: end the free trial now (the test checkout's clock). */
export const endTestPortalTrialNow = createAction(
  { name: "billing.endTestPortalTrial", schema: emptySchema, access: "user" },
  async (_input, { user }) => endTestPortalTrial(user),
);

/** The test portal: change the number of seats. */
export const changeTestPortalSeats = createAction(
  { name: "billing.changeTestPortalSeats", schema: testPortalSeatsSchema, access: "user" },
  async ({ seats }, { user }) => {
    await changeTestPortalSubscription(user, { quantity: seats });
    return { seats };
  },
);

/** The test portal: cancel the subscription at once. */
export const cancelTestPortalSubscription = createAction(
  { name: "billing.cancelTestPortalSubscription", schema: emptySchema, access: "user" },
  async (_input, { user }) => {
    await changeTestPortalSubscription(user, { status: "canceled" });
    return { status: "canceled" };
  },
);
