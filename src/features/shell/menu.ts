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

export const drugTariffParts: readonly NavEntry[] = [
  {
    href: "/drug-tariff-parts/partviiia",
    title: "Part VIIIA",
    niTitle: "Part I",
    subtitle: "Basic prices of generic medicines: Categories A, C, M and more",
  },
  {
    href: "/drug-tariff-parts/partviiib-specials",
    title: "Part VIIIB",
    subtitle: "Unlicensed specials with a minimum quantity and a price per additional unit",
    ewOnly: true,
  },
  {
    href: "/drug-tariff-parts/partviiid-specials",
    title: "Part VIIID",
    subtitle: "Further specials and imported unlicensed medicines with listed prices",
    ewOnly: true,
  },
  {
    href: "/drug-tariff-parts/partviii-category-m",
    title: "Category M",
    subtitle: "Quarterly prices set by the Department of Health and Social Care",
  },
  {
    href: "/drug-tariff-parts/partix-appliances",
    title: "Part IX",
    niTitle: "Part II & III",
    subtitle: "Appliances, incontinence and stoma products and chemical reagents",
  },
  {
    href: "/drug-tariff-parts/acbs",
    title: "Borderline Substances (Part X)",
    subtitle: "Foods and toilet preparations approved by the ACBS",
  },
];

export const reimbursementLists: readonly NavEntry[] = [
  {
    href: "/reimbursement-info/partxviiia-blacklist",
    title: "Blacklisted Medicines",
    niTitle: "Part XI",
    subtitle: "Products that cannot be prescribed on the NHS (Part XVIIIA)",
  },
  {
    href: "/reimbursement-info/broken-bulk",
    title: "Broken Bulk",
    subtitle: "Packs you may claim broken bulk on",
  },
  {
    href: "/reimbursement-info/dental-formulary",
    title: "Dental Formulary",
    subtitle: "What dentists may prescribe",
  },
  {
    href: "/reimbursement-info/discontinued-list",
    title: "Discontinued List",
    subtitle: "Products no longer available",
  },
  {
    href: "/reimbursement-info/zero-discount",
    title: "Discount Not Deducted",
    niTitle: "Zero Discount List",
    subtitle: "Products paid without a discount deduction",
  },
  {
    href: "/reimbursement-info/nurse-formulary",
    title: "Nurse Formulary",
    subtitle: "What nurse prescribers may prescribe",
  },
  {
    href: "/reimbursement-info/special-containers",
    title: "Special Container List",
    subtitle: "Packs dispensed whole, never split",
  },
];

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

function forCountry(entries: readonly NavEntry[], country: Edition): NavLink[] {
  return entries
    .filter((entry) => country === 1 || !entry.ewOnly)
    .map((entry) => ({
      href: entry.href,
      title: country === 2 ? (entry.niTitle ?? entry.title) : entry.title,
    }));
}

/**
 * The signed-in menu for an edition (product §2.3, §2.7). Northern Ireland has no Reimbursement Info
 * group and no Part VIIIB or VIIID; its Part XI and Zero Discount List sit with its Drug Tariff parts,
 * under their Northern Ireland names. Category M changes are an England & Wales insight.
 */
export function appNavigation(country: Edition): { groups: NavGroup[]; links: NavLink[] } {
  const niLists = reimbursementLists.filter((list) => list.niTitle);
  const groups: NavGroup[] =
    country === 1
      ? [
          { id: "tariff", title: "Drug Tariff Prices", entries: forCountry(drugTariffParts, 1) },
          { id: "reimbursement", title: "Reimbursement Info", entries: forCountry(reimbursementLists, 1) },
          { id: "insights", title: "Insights", entries: forCountry(insights, 1) },
        ]
      : [
          {
            id: "tariff",
            title: "Drug Tariff Prices",
            entries: [...forCountry(drugTariffParts, 2), ...forCountry(niLists, 2)],
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
      { href: "/brands", title: "Branded Product Pricing" },
      { href: "/concession-prices", title: "Price Concessions" },
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
export function menuPageOf(from: unknown, country: Edition): { href: string; title: string } | null {
  const path = safeRedirectPath(from, "").split("#")[0]!;
  const pathname = path.split("?")[0];
  const { groups, links } = appNavigation(country);
  const entry = [...groups.flatMap((group) => group.entries), ...links].find(
    (link) => link.href === pathname,
  );
  return entry ? { href: path, title: entry.title } : null;
}
