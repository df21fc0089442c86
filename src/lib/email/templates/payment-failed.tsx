import { site } from "@/lib/site";

import type { EmailContent } from "../types";
import { ActionButton, assertWebUrl, EmailLayout, Paragraph, renderEmail } from "./layout";

/** Essential: a licence's payment failed, so its admin must update the card before access ends. */
export function paymentFailedEmail({
  firstName,
  organisation,
  manageUrl,
}: {
  firstName?: string | null;
  organisation?: string | null;
  manageUrl: string;
}): Promise<EmailContent> {
  const plan = organisation ? `the ${site.name} plan of ${organisation}` : `your ${site.name} plan`;
  return renderEmail(
    "payment-failed",
    `Your ${site.name} payment did not go through`,
    <EmailLayout
      preview="Please update your payment details to keep access."
      heading="Your payment did not go through"
    >
      <Paragraph>{firstName?.trim() ? `Hello ${firstName.trim()},` : "Hello,"}</Paragraph>
      <Paragraph>
        {`We could not take the latest payment for ${plan}. Your users keep access for now while the payment ` +
          "is retried. Please update your payment details so that access does not end."}
      </Paragraph>
      <ActionButton href={assertWebUrl(manageUrl)}>Update payment details</ActionButton>
      <Paragraph>{`Questions? Reply to ${site.supportEmail} and we will help.`}</Paragraph>
    </EmailLayout>,
  );
}
