import { site } from "@/lib/site";

import type { EmailContent } from "../types";
import { ActionButton, assertWebUrl, EmailLayout, Paragraph, renderEmail } from "./layout";

/**
 * Essential: a licence's free trial ends in three days (ADR 190). `headline` and `then` are the
 * trial's terms as billing words them ("Free trial: ends 12 December 2026", and what happens then).
 */
export function trialEndingEmail({
  firstName,
  organisation,
  headline,
  then,
  billingUrl,
}: {
  firstName?: string | null;
  organisation?: string | null;
  headline: string;
  then: string;
  billingUrl: string;
}): Promise<EmailContent> {
  const plan = organisation ? `The ${site.name} plan of ${organisation}` : `Your ${site.name} plan`;
  return renderEmail(
    "trial-ending",
    `Your ${site.name} free trial ends soon`,
    <EmailLayout preview={headline} heading="Your free trial ends soon">
      <Paragraph>{firstName?.trim() ? `Hello ${firstName.trim()},` : "Hello,"}</Paragraph>
      <Paragraph>{`${plan} is on a free trial. ${headline}.`}</Paragraph>
      <Paragraph>{then}</Paragraph>
      <ActionButton href={assertWebUrl(billingUrl)}>See your plan or cancel</ActionButton>
      <Paragraph>{`Questions? Reply to ${site.supportEmail} and we will help.`}</Paragraph>
    </EmailLayout>,
  );
}
