import { site } from "@/lib/site";

import type { EmailContent } from "../types";
import { ActionButton, assertWebUrl, EmailLayout, greeting, Paragraph, renderEmail } from "./layout";

/**
 * Non-essential: an admin asks a registered user to join their organisation's licence. Nothing
 * changes for the user unless they accept (ADR 036).
 */
export function licenceRequestEmail({
  firstName,
  organisation,
  requesterName,
  url,
  days,
  ownPlanNote,
  unsubscribeUrl,
}: {
  firstName?: string | null;
  organisation: string;
  requesterName: string;
  url: string;
  days: number;
  /** What accepting means for someone already on a plan, in the feature's own words. */
  ownPlanNote: string;
  unsubscribeUrl: string;
}): Promise<EmailContent> {
  return renderEmail(
    "licence-request",
    `${requesterName} asked you to join ${organisation} on ${site.name}`,
    <EmailLayout
      preview={`${organisation} would like you on its ${site.name} licence. You join only if you accept.`}
      heading={`Join ${organisation}?`}
      unsubscribeUrl={assertWebUrl(unsubscribeUrl)}
    >
      <Paragraph>{greeting(firstName)}</Paragraph>
      <Paragraph>
        {`${requesterName}, an administrator of ${organisation}, would like to add you to its ${site.name} ` +
          "licence. If you accept, you will use one of its seats and have the access it includes."}
      </Paragraph>
      <Paragraph>
        Nothing changes for your account unless you accept. Sign in to accept or decline the request.
      </Paragraph>
      <Paragraph>{ownPlanNote}</Paragraph>
      <ActionButton href={assertWebUrl(url)}>Review the request</ActionButton>
      <Paragraph>
        {`This request expires in ${days} days. If you do not know ${organisation}, decline it or ignore this e-mail.`}
      </Paragraph>
    </EmailLayout>,
  );
}
