import { formatUkDate } from "./tariff-vocabulary";

/** Facts about the product shown across the public site; one place to change them. */
export const site = {
  name: "TariffScope",
  tagline: "NHS Drug Tariff prices, made clear for UK pharmacies",
  description:
    "TariffScope shows every part of the NHS Drug Tariff for England & Wales and Northern Ireland, reimbursement lists, branded product pricing, monthly price concessions and insights, for pharmacy businesses.",
  supportEmail: "support@tariffscope.co.uk",
  salesEmail: "sales@tariffscope.co.uk",
  company: "TariffScope Ltd",
  social: [
    { name: "LinkedIn", href: "https://www.linkedin.com/company/tariffscope" },
    { name: "X", href: "https://x.com/tariffscope" },
    { name: "YouTube", href: "https://www.youtube.com/@tariffscope" },
  ],
  /** The notice to early free users (product §1). */
  notice: {
    plansOnSale: "2024-09-04",
    gracePeriodEnded: "2024-09-18",
    earlyBird: { code: "EARLYBIRD10", percentOff: 10, validUntil: "2024-09-30" },
  },
} as const;

/** A calendar date ("2024-09-04") as UK readers read it: "4 September 2024". */
export function formatLongDate(isoDate: string): string {
  // UTC midnight falls on the same day in UK time, whether GMT or BST.
  return formatUkDate(new Date(`${isoDate}T00:00:00Z`));
}

/** True once the last day of an offer (inclusive, UK time is close enough for a whole-day offer) has passed. */
export function hasExpired(lastDayIso: string, now: Date = new Date()): boolean {
  return now.getTime() >= new Date(`${lastDayIso}T23:59:59.999Z`).getTime();
}

/** An absolute address on this site, for sitemaps and robots.txt (APP_URL, without a trailing slash). */
export function siteUrl(path: string): string {
  return `${(process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "")}${path}`;
}
