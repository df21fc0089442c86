import { site } from "@/lib/site";

import type { EmailContent } from "../types";
import { ActionButton, assertWebUrl, EmailLayout, Paragraph, renderEmail } from "./layout";

/** Essential: the single-use link to choose a new password. */
export function passwordResetEmail({
  url,
  minutes,
}: {
  url: string;
  minutes: number;
}): Promise<EmailContent> {
  return renderEmail(
    "password-reset",
    `Reset your ${site.name} password`,
    <EmailLayout preview="Choose a new password for your account." heading="Reset your password">
      <Paragraph>
        {`We received a request to reset the password of your ${site.name} account. Choose a new password here:`}
      </Paragraph>
      <ActionButton href={assertWebUrl(url)}>Choose a new password</ActionButton>
      <Paragraph>
        {`This link expires in ${minutes} minutes and works once. If you did not ask to reset your password, ` +
          "ignore this e-mail: your password stays as it is."}
      </Paragraph>
    </EmailLayout>,
  );
}
