import { site } from "@/lib/site";

import type { EmailContent } from "../types";
import { ActionButton, assertWebUrl, EmailLayout, Paragraph, renderEmail } from "./layout";

/** Non-essential: an administrator invites someone onto their organisation's licence. */
export function inviteEmail({
  organisation,
  inviterName,
  url,
  days,
  unsubscribeUrl,
}: {
  organisation: string;
  inviterName: string;
  url: string;
  days: number;
  unsubscribeUrl: string;
}): Promise<EmailContent> {
  return renderEmail(
    "invite",
    `${inviterName} invited you to join ${organisation} on ${site.name}`,
    <EmailLayout
      preview={`Join ${organisation} on ${site.name}.`}
      heading={`Join ${organisation} on ${site.name}`}
      unsubscribeUrl={assertWebUrl(unsubscribeUrl)}
    >
      <Paragraph>
        {`${inviterName} has invited you to join ${organisation} on ${site.name}, which shows NHS Drug Tariff ` +
          "prices, concessions and reimbursement information for UK pharmacies."}
      </Paragraph>
      <ActionButton href={assertWebUrl(url)}>Accept the invitation</ActionButton>
      <Paragraph>
        {`This invitation expires in ${days} days. If you were not expecting it, you can ignore this e-mail.`}
      </Paragraph>
    </EmailLayout>,
  );
}
