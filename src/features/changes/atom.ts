import { site } from "@/lib/site";

import { describeChange, monthOf, type ChangeGroup } from "./groups";

/** The change feed as Atom (RFC 4287): one entry per month and part imported, newest first. */

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (character) =>
    character === "<"
      ? "&lt;"
      : character === ">"
        ? "&gt;"
        : character === "&"
          ? "&amp;"
          : character === "'"
            ? "&apos;"
            : "&quot;",
  );

/** Lines listed in one entry; the page has the rest. */
const linesPerEntry = 200;

export function changesAtom({
  groups,
  feedUrl,
  pageUrl,
  updated,
}: {
  groups: ChangeGroup[];
  feedUrl: string;
  pageUrl: (group: ChangeGroup) => string;
  updated: Date;
}): string {
  const entries = groups.map((group) => {
    const title = `${group.partLabel}, ${monthOf(group.period)}: ${group.entries.length} ${group.entries.length === 1 ? "change" : "changes"}`;
    const shown = group.entries.slice(0, linesPerEntry);
    const more = group.entries.length - shown.length;
    const html =
      `<ul>${shown
        .map(
          (entry) =>
            `<li>${escapeXml(`${entry.name}${entry.pack ? ` (${entry.pack})` : ""}`)}: ${escapeXml(describeChange(entry))}</li>`,
        )
        .join("")}</ul>` + (more > 0 ? `<p>…and ${more} more on ${escapeXml(site.name)}.</p>` : "");
    const link = pageUrl(group);
    return [
      "  <entry>",
      `    <id>${escapeXml(`${link}#${group.part}-${group.period}-${group.importedAt}`)}</id>`,
      `    <title>${escapeXml(title)}</title>`,
      `    <updated>${group.importedAt}</updated>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      `    <content type="html">${escapeXml(html)}</content>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(feedUrl)}</id>`,
    `  <title>${escapeXml(`${site.name}: Drug Tariff changes`)}</title>`,
    `  <updated>${updated.toISOString()}</updated>`,
    `  <author><name>${escapeXml(site.name)}</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feedUrl)}"/>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
