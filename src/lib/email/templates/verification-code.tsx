import { Text } from "@react-email/components";

import { site } from "@/lib/site";

import type { EmailContent } from "../types";
import { EmailLayout, Paragraph, renderEmail } from "./layout";

// One text node, no spaces: a double-click or long-press selects exactly the six digits.
const codeStyle = {
  backgroundColor: "#f0f7f4",
  borderRadius: 6,
  color: "#111827",
  fontFamily: "'Courier New', Courier, monospace",
  fontSize: 34,
  fontWeight: 700,
  letterSpacing: 8,
  margin: "8px 0 24px",
  padding: "12px 16px",
  textAlign: "center",
  userSelect: "all",
} as const;

/** Essential: the six-digit code that confirms an e-mail address (sign-up, or an unconfirmed sign-in). */
export function verificationCodeEmail({
  code,
  minutes,
}: {
  code: string;
  minutes: number;
}): Promise<EmailContent> {
  if (!/^\d{6}$/.test(code)) throw new Error("A verification code is six digits.");
  return renderEmail(
    "verification-code",
    `Your ${site.name} verification code`,
    <EmailLayout preview={`Your code expires in ${minutes} minutes.`} heading="Confirm your e-mail address">
      <Paragraph>{`Enter this code in ${site.name} to confirm your e-mail address:`}</Paragraph>
      <Text style={codeStyle}>{code}</Text>
      <Paragraph>{`This code expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.`}</Paragraph>
    </EmailLayout>,
  );
}
