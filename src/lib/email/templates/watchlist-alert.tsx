import { Link, Section, Text } from "@react-email/components";

import type { EmailContent } from "../types";
import { ActionButton, assertWebUrl, EmailLayout, greeting, Paragraph, renderEmail, styles } from "./layout";

/** One change to a watched pack, already in words: "Price £1.00 → £1.50 (+50.0%)". */
export type WatchlistAlertLine = { name: string; url: string; what: string };

/**
 * Non-essential: the packs on the recipient's watchlists that one import changed, or, `weekly`,
 * that the imports of the week changed.
 */
export function watchlistAlertEmail({
  firstName,
  source,
  weekly = false,
  lines,
  watchlistsUrl,
  unsubscribeUrl,
}: {
  firstName?: string | null;
  /** What was imported: "Part VIIIA, March 2026"; weekly, the week: "the week to 30 November 2026". */
  source: string;
  weekly?: boolean;
  lines: WatchlistAlertLine[];
  watchlistsUrl: string;
  unsubscribeUrl: string;
}): Promise<EmailContent> {
  const count = `${lines.length} ${lines.length === 1 ? "change" : "changes"}`;
  return renderEmail(
    "watchlist-alert",
    `Watchlist: ${count} in ${source}`,
    <EmailLayout
      preview={`${count} to packs you watch, in ${source}.`}
      heading={`${count} to packs you watch`}
      unsubscribeUrl={assertWebUrl(unsubscribeUrl)}
    >
      <Paragraph>{greeting(firstName)}</Paragraph>
      <Paragraph>
        {weekly
          ? `These packs on your watchlists changed in ${source}:`
          : `${source} has just been loaded. These packs on your watchlists changed:`}
      </Paragraph>
      <Section>
        {lines.map((line) => (
          <Text key={`${line.url}|${line.what}`} style={styles.paragraph}>
            <Link href={assertWebUrl(line.url)} style={styles.link}>
              {line.name}
            </Link>
            {`: ${line.what}`}
          </Text>
        ))}
      </Section>
      <ActionButton href={assertWebUrl(watchlistsUrl)}>Open your watchlists</ActionButton>
    </EmailLayout>,
  );
}
