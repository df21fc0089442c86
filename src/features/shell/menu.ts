import { listsInMenu, type MenuGroup } from "@/features/tariff/lists";
import { safeRedirectPath } from "@/lib/security/safe-redirect";
import type { Edition } from "@/lib/tariff-vocabulary";

/**
 * Navigation entries for the tariff data (product §2.2–§2.4, §3: href, title, subtitle).
 * `niTitle` is the Northern Ireland edition's label; `ewOnly` entries are hidden for Northern Ireland.
 */
export type NavEntry = {
  href: string;
  title: string;
  subtitle: string;
  niTitle?: string;
  ewOnly?: boolean;
};

/** A group's lists as its entries: each list's file says where the menu shows it. */
const listEntries = (group: MenuGroup): NavEntry[] =>
  listsInMenu(group).map((list) => ({
    href: list.path,
    title: list.title,
    subtitle: list.menu.subtitle ?? "",
    niTitle: list.niTitle,
    ewOnly: list.ewOnly,
  }));

export const drugTariffParts: readonly NavEntry[] = listEntries("tariff");

export const reimbursementLists: readonly NavEntry[] = listEntries("reimbursement");

export const insights: readonly NavEntry[] = [
  {
    href: "/insights/additions-deletions",
    title: "Additions & Deletions",
    subtitle: "What joined and left the Tariff each month",
  },
  {
    href: "/insights/price-changes-partviiia",
    title: "Part VIIIA Price Changes",
    subtitle: "Every price that moved this month",
  },
  {
    href: "/insights/price-changes-catm",
    title: "Category M Price Changes",
    subtitle: "Quarter-on-quarter Category M movements",
  },
  {
    href: "/insights/category-changes",
    title: "Category Changes",
    subtitle: "Medicines moving between categories",
  },
];

export type NavLink = { href: string; title: string };
export type NavGroup = { id: "tariff" | "reimbursement" | "insights"; title: string; entries: NavLink[] };

const insightTitlesNI: Record<string, string> = {
  "/insights/price-changes-partviiia": "Part I Price Changes",
};

function forEdition(entries: readonly NavEntry[], edition: Edition): NavLink[] {
  return entries
    .filter((entry) => edition === 1 || !entry.ewOnly)
    .map((entry) => ({
      href: entry.href,
      title: edition === 2 ? (entry.niTitle ?? entry.title) : entry.title,
    }));
}

/**
 * The signed-in menu for an edition (product §2.3, §2.7). Northern Ireland has no Reimbursement Info
 * group and no Part VIIIB or VIIID; its Part XI and Zero Discount List sit with its Drug Tariff parts,
 * under their Northern Ireland names. Category M changes are an England & Wales insight.
 */
export function appNavigation(edition: Edition): { groups: NavGroup[]; links: NavLink[] } {
  const niLists = reimbursementLists.filter((list) => list.niTitle);
  const groups: NavGroup[] =
    edition === 1
      ? [
          { id: "tariff", title: "Drug Tariff Prices", entries: forEdition(drugTariffParts, 1) },
          { id: "reimbursement", title: "Reimbursement Info", entries: forEdition(reimbursementLists, 1) },
          { id: "insights", title: "Insights", entries: forEdition(insights, 1) },
        ]
      : [
          {
            id: "tariff",
            title: "Drug Tariff Prices",
            entries: [...forEdition(drugTariffParts, 2), ...forEdition(niLists, 2)],
          },
          {
            id: "insights",
            title: "Insights",
            entries: insights
              .filter((entry) => entry.href !== "/insights/price-changes-catm")
              .map((entry) => ({ href: entry.href, title: insightTitlesNI[entry.href] ?? entry.title })),
          },
        ];
  return {
    groups,
    links: [
      ...listsInMenu("links").map((list) => ({ href: list.path, title: list.title })),
      { href: "/compare-editions", title: "Compare Editions" },
      { href: "/margin-check", title: "Margin Check" },
      { href: "/changes", title: "Changes" },
      { href: "/manage-watchlists-login", title: "Watchlists" },
      { href: "/help", title: "Help" },
      { href: "/blog/blog-index", title: "Blog" },
    ],
  };
}

/**
 * The menu page (a list, an insight…) that `from` names, with its query, for a "Back to …" link on
 * a page opened from it; null when `from` is missing, not a path of this site, or no menu page.
 */
export function menuPageOf(from: unknown, edition: Edition): { href: string; title: string } | null {
  const path = safeRedirectPath(from, "").split("#")[0]!;
  const pathname = path.split("?")[0];
  const { groups, links } = appNavigation(edition);
  const entry = [...groups.flatMap((group) => group.entries), ...links].find(
    (link) => link.href === pathname,
  );
  return entry ? { href: path, title: entry.title } : null;
}
