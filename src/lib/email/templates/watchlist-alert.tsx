import { Link, Section, Text } from "@react-email/components";

import type { EmailContent } from "../types";
import { ActionButton, assertWebUrl, EmailLayout, greeting, Paragraph, renderEmail, styles } from "./layout";

/** One change to a watched pack, already in words: "Price £1.00 → £1.50 (+50.0%)". */
export type WatchlistAlertLine = { name: string; url: string; what: string };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Non-essential: the packs on the recipient's watchlists that one import changed, or, `weekly`,
 * that the imports of the week changed; and, for those who chose them, the lines of their
 * licence's margin check that turned loss-making.
 */
export function watchlistAlertEmail({
  firstName,
  source,
  weekly = false,
  from,
  lines,
  losses = [],
  watchlistsUrl,
  unsubscribeUrl,
}: {
  firstName?: string | null;
  /** What was imported: "Part VIIIA, March 2026"; weekly, the week: "the week to 30 November 2026". */
  source: string;
  weekly?: boolean;
  /** Set for a month published ahead of its 1st: "From 1 December", when the changes take effect. */
  from?: string;
  lines: WatchlistAlertLine[];
  /** Margin-check lines now bought above their reimbursement, each linking to its upload. */
  losses?: WatchlistAlertLine[];
  watchlistsUrl: string;
  unsubscribeUrl: string;
}): Promise<EmailContent> {
  const changes = plural(lines.length, "change", "changes");
  const turned = plural(losses.length, "margin-check line", "margin-check lines");
  const count = [lines.length > 0 && changes, losses.length > 0 && `${turned} now at a loss`]
    .filter(Boolean)
    .join(" and ");
  const heading = [
    lines.length > 0 && `${changes} to packs you watch`,
    losses.length > 0 && `${turned} now at a loss`,
  ]
    .filter(Boolean)
    .join(", ");
  const listed = (items: WatchlistAlertLine[]) => (
    <Section>
      {items.map((line) => (
        <Text key={`${line.url}|${line.what}`} style={styles.paragraph}>
          <Link href={assertWebUrl(line.url)} style={styles.link}>
            {line.name}
          </Link>
          {`: ${line.what}`}
        </Text>
      ))}
    </Section>
  );
  return renderEmail(
    "watchlist-alert",
    from ? `${from}: ${count} to packs you watch (${source})` : `Watchlist: ${count} in ${source}`,
    <EmailLayout
      preview={`${heading}, in ${source}.`}
      heading={heading}
      unsubscribeUrl={assertWebUrl(unsubscribeUrl)}
    >
      <Paragraph>{greeting(firstName)}</Paragraph>
      {lines.length > 0 && (
        <>
          <Paragraph>
            {weekly
              ? `These packs on your watchlists changed in ${source}:`
              : from
                ? `${source} has just been published. ${from}, these packs on your watchlists change:`
                : `${source} has just been loaded. These packs on your watchlists changed:`}
          </Paragraph>
          {listed(lines)}
        </>
      )}
      {losses.length > 0 && (
        <>
          <Paragraph>
            {weekly
              ? `These lines of your margin check turned loss-making in ${source}: they now cost more than they are reimbursed.`
              : `${lines.length > 0 ? "With it" : `${source} has just been loaded. With it`}, these lines of your margin check turned loss-making: they now cost more than they are reimbursed.`}
          </Paragraph>
          {listed(losses)}
        </>
      )}
      <ActionButton href={assertWebUrl(watchlistsUrl)}>Open your watchlists</ActionButton>
    </EmailLayout>,
  );
}
