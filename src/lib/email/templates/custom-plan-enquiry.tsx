import { site } from "@/lib/site";

import type { EmailContent } from "../types";
import { EmailLayout, Paragraph, renderEmail } from "./layout";

/** To our sales address: someone asked for a plan above 10 users. Every value is the enquirer's text. */
export function customPlanEnquiryEmail({
  name,
  email,
  organisation,
  seats,
  message,
}: {
  name: string;
  email: string;
  organisation: string;
  seats: number;
  message?: string | null;
}): Promise<EmailContent> {
  return renderEmail(
    "custom-plan-enquiry",
    `Custom plan enquiry: ${seats} users`,
    <EmailLayout preview={`${organisation} asks about ${seats} users.`} heading="Custom plan enquiry">
      <Paragraph>{`Name: ${name}`}</Paragraph>
      <Paragraph>{`E-mail: ${email}`}</Paragraph>
      <Paragraph>{`Organisation: ${organisation}`}</Paragraph>
      <Paragraph>{`Users: ${seats}`}</Paragraph>
      <Paragraph>{`Message: ${message?.trim() || "(none)"}`}</Paragraph>
      <Paragraph>{`Sent from the ${site.name} choose-your-plan page.`}</Paragraph>
    </EmailLayout>,
  );
}
