import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Text,
} from "@react-email/components";
import { render, toPlainText } from "@react-email/render";
import type { ReactElement, ReactNode } from "react";

import { site } from "@/lib/site";

import type { EmailContent } from "../types";

// The site's theme green; white on it passes WCAG AA (emerald-600 does not).
const green = "#0f6b57";

const styles = {
  body: {
    backgroundColor: "#f4f6f5",
    fontFamily: "Arial, Helvetica, sans-serif",
    margin: 0,
    padding: "24px 0",
  },
  container: { backgroundColor: "#ffffff", borderRadius: 8, maxWidth: 560, padding: "32px 32px 24px" },
  brand: { color: green, fontSize: 18, fontWeight: 700, margin: "0 0 16px" },
  heading: { color: "#111827", fontSize: 22, fontWeight: 700, margin: "0 0 16px" },
  paragraph: { color: "#1f2937", fontSize: 15, lineHeight: "24px", margin: "0 0 16px" },
  button: {
    backgroundColor: green,
    borderRadius: 6,
    color: "#ffffff",
    display: "inline-block",
    fontSize: 15,
    fontWeight: 700,
    padding: "12px 20px",
    textDecoration: "none",
  },
  small: { color: "#4b5563", fontSize: 13, lineHeight: "20px", margin: "0 0 16px", wordBreak: "break-all" },
  link: { color: green, textDecorationLine: "underline" },
  hr: { borderColor: "#e5e7eb", margin: "24px 0 16px" },
  footer: { color: "#6b7280", fontSize: 12, lineHeight: "18px", margin: "0 0 8px" },
} as const;

/** The opening line: by first name when the user gave one. */
export function greeting(firstName: string | null | undefined): string {
  return firstName?.trim() ? `Hello ${firstName.trim()},` : "Hello,";
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.paragraph}>{children}</Text>;
}

/** A green call-to-action, followed (in the HTML only: the text version already shows the URL) by the raw link. */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
      <Text style={{ ...styles.small, marginTop: 16 }} data-skip-in-text="true">
        {"If the button does not work, copy this link into your browser: "}
        <Link href={href} style={styles.link}>
          {href}
        </Link>
      </Text>
    </>
  );
}

export function EmailLayout({
  preview,
  heading,
  unsubscribeUrl,
  children,
}: {
  preview: string;
  heading: string;
  /** Only for non-essential e-mail; essential mail (codes, resets) cannot be turned off. */
  unsubscribeUrl?: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{site.name}</Text>
          <Heading as="h1" style={styles.heading}>
            {heading}
          </Heading>
          {children}
          <Hr style={styles.hr} />
          <Text style={styles.footer}>
            {`${site.name}: NHS Drug Tariff prices for UK pharmacies. Questions? Write to `}
            <Link href={`mailto:${site.supportEmail}`} style={styles.link}>
              {site.supportEmail}
            </Link>
          </Text>
          {unsubscribeUrl ? (
            <Text style={styles.footer}>
              We will always send essential messages such as verification codes and password resets. Do not
              want e-mails like this one?{" "}
              <Link href={unsubscribeUrl} style={styles.link}>
                Unsubscribe
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/** Renders the HTML once and derives the plain-text part from it, so the two never disagree. */
export async function renderEmail(
  template: string,
  subject: string,
  element: ReactElement,
): Promise<EmailContent> {
  const html = await render(element);
  const text = toPlainText(html, { selectors: [{ selector: "h1", options: { uppercase: false } }] });
  return { template, subject, html, text };
}

/** Links we put in e-mail must be web addresses, never `javascript:` or similar. */
export function assertWebUrl(url: string): string {
  const protocol = URL.canParse(url) ? new URL(url).protocol : "";
  if (protocol !== "https:" && protocol !== "http:")
    throw new Error("An e-mail link must be an http(s) URL.");
  return url;
}

export { styles };
