import { site } from "@/lib/site";

import type { EmailContent } from "../types";
import { ActionButton, assertWebUrl, EmailLayout, greeting, Paragraph, renderEmail } from "./layout";

/** Non-essential: the recipient has accepted an organisation's request and now uses a seat on its licence. */
export function addedToLicenceEmail({
  firstName,
  organisation,
  appUrl,
  unsubscribeUrl,
}: {
  firstName?: string | null;
  organisation: string;
  appUrl: string;
  unsubscribeUrl: string;
}): Promise<EmailContent> {
  return renderEmail(
    "added-to-licence",
    `You have been added to ${organisation} on ${site.name}`,
    <EmailLayout
      preview={`You now have access to ${site.name} through ${organisation}.`}
      heading={`Welcome to ${organisation}`}
      unsubscribeUrl={assertWebUrl(unsubscribeUrl)}
    >
      <Paragraph>{greeting(firstName)}</Paragraph>
      <Paragraph>
        {`You have been added to the ${site.name} licence of ${organisation}. You can now log in and use ` +
          "everything it includes."}
      </Paragraph>
      <ActionButton href={assertWebUrl(appUrl)}>{`Open ${site.name}`}</ActionButton>
    </EmailLayout>,
  );
}

/** Non-essential: the recipient no longer uses a seat on an organisation's licence. */
export function removedFromLicenceEmail({
  firstName,
  organisation,
  unsubscribeUrl,
}: {
  firstName?: string | null;
  organisation: string;
  unsubscribeUrl: string;
}): Promise<EmailContent> {
  return renderEmail(
    "removed-from-licence",
    `You have been removed from ${organisation} on ${site.name}`,
    <EmailLayout
      preview={`Your access through ${organisation} has ended.`}
      heading={`You have left ${organisation}`}
      unsubscribeUrl={assertWebUrl(unsubscribeUrl)}
    >
      <Paragraph>{greeting(firstName)}</Paragraph>
      <Paragraph>
        {`An administrator has removed you from the ${site.name} licence of ${organisation}, so you no longer ` +
          "have access through it. Your account remains: you can log in and choose a plan of your own at any time."}
      </Paragraph>
      <Paragraph>
        If you think this is a mistake, please contact your organisation&apos;s administrator.
      </Paragraph>
    </EmailLayout>,
  );
}
