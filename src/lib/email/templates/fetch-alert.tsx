import { Section, Text } from "@react-email/components";

import { site } from "@/lib/site";

import type { EmailContent } from "../types";
import { ActionButton, assertWebUrl, EmailLayout, Paragraph, renderEmail, styles } from "./layout";

/**
 * Essential, to the owners: the scheduled fetch failed (a site unreachable after its retries, a page
 * whose layout changed, a file refused), or a month's tariff is late. `lines` say what, one each.
 */
export function fetchAlertEmail({
  kind,
  lines,
  consoleUrl,
}: {
  kind: "failed" | "late" | "down";
  lines: string[];
  consoleUrl: string;
}): Promise<EmailContent> {
  const heading = {
    failed: "The scheduled data fetch failed",
    late: "The Drug Tariff files have not arrived yet",
    down: "A publisher's page cannot be reached",
  }[kind];
  const intro = {
    failed: `${site.name}'s scheduled fetch could not finish. Nothing half-imported was kept; this is what went wrong:`,
    late: `${site.name}'s scheduled fetch still finds nothing new two working days after the usual publication date:`,
    down: `${site.name} checks the publishers' pages for new data, and has not reached this one for several tries. It keeps trying, less often, and imports and announces what changed as soon as the page answers again:`,
  }[kind];
  return renderEmail(
    "fetch-alert",
    `${site.name}: ${heading}`,
    <EmailLayout preview={lines[0] ?? heading} heading={heading}>
      <Paragraph>{intro}</Paragraph>
      <Section>
        {lines.map((line) => (
          <Text key={line} style={styles.paragraph}>
            {`• ${line}`}
          </Text>
        ))}
      </Section>
      <Paragraph>
        The import console shows every run and file, and can fetch again or take the files by hand.
      </Paragraph>
      <ActionButton href={assertWebUrl(consoleUrl)}>Open the import console</ActionButton>
    </EmailLayout>,
  );
}
