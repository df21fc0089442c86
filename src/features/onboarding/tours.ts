import { site } from "@/lib/site";

/**
 * The two onboarding tours as data: which steps, in which order, saying what. The component that
 * plays them (components/tour-provider.tsx) turns these into the tour library's steps, so the
 * wording can be read and tested here without a browser.
 */

export const tourIds = ["intro", "welcome"] as const;
/** `intro`: the short look round. `welcome`: the tour after paying or joining a licence. */
export type TourId = (typeof tourIds)[number];

/**
 * The tours among `names` (a user's finished or skipped tours, read with their profile) that this
 * product still has, so they do not start again by themselves.
 */
export function knownTours(names: readonly string[]): TourId[] {
  return names.filter((tour): tour is TourId => (tourIds as readonly string[]).includes(tour));
}

export const tourOutcomes = ["finished", "skipped"] as const;
export type TourOutcome = (typeof tourOutcomes)[number];

/**
 * What a step points at: an entry of the signed-in menu (marked `data-tour="…"` in the menu), or
 * `centre` for a step in the middle of the screen. Where the entry cannot be seen (the menu folded
 * away on a phone, or the account links of the narrow sidebar) the step points at the menu itself.
 */
export type TourTarget =
  | "centre"
  | "search"
  | "tariff"
  | "reimbursement"
  | "brands"
  | "insights"
  | "watchlists"
  | "help"
  | "blog"
  | "account";

export type TourLink = { href: string; label: string };

export type TourStepDefinition = {
  id: string;
  title: string;
  body: string;
  target: TourTarget;
  /** A link shown under the body. */
  link?: TourLink;
};

export type TourAudience = { delegate: boolean };

/** The query parameters the payment and the delegate sign-up add to the page they land on. */
export const tourQueryParameters = ["paymentSuccess", "delegateSuccess"] as const;

/** The label of the last step's button in each tour. */
export const lastButtonLabel: Record<TourId, string> = { intro: "Get started", welcome: "Go to App" };

const manageUsersPath = "/account-management/dashboard?section=manage-users";

const introSteps: readonly TourStepDefinition[] = [
  {
    id: "signed-up",
    title: "Sign up complete",
    body: "Welcome to TariffScope. Here is a one-minute look round so you know where everything is.",
    target: "centre",
  },
  {
    id: "search",
    title: "Powerful search",
    body: "Search every part of the Drug Tariff at once by medicine, appliance or pack code. Press Ctrl K from any page.",
    target: "search",
  },
  {
    id: "explore",
    title: "Explore",
    body: "Open the Drug Tariff parts and the reimbursement lists, month by month, with prices you can sort and export.",
    target: "tariff",
  },
  {
    id: "discover",
    title: "Discover",
    body: "Insights show what changed this month: price rises and falls, category changes, and additions and deletions.",
    target: "insights",
  },
  {
    id: "learn",
    title: "Learn",
    body: "Our guides explain how the Drug Tariff works, part by part, in plain English.",
    target: "blog",
  },
  {
    id: "all-set",
    title: "All set",
    body: "You are ready to go. If your licence has more than one seat, add your colleagues from Account Management.",
    target: "centre",
    link: { href: manageUsersPath, label: "Add users in Account Management" },
  },
];

function welcomeSteps(audience: TourAudience): TourStepDefinition[] {
  const account = audience.delegate
    ? "Account Management is where you edit your personal details and preferences and reset your password."
    : "Account Management is where you edit your personal details and preferences, reset your password, manage your subscription and add or remove users.";
  return [
    {
      id: "welcome",
      title: "Subscription Complete",
      body: audience.delegate
        ? "Welcome to TariffScope: you have joined your organisation's licence. Here is a quick tour of what you can now use."
        : "Thank you for subscribing to TariffScope. Here is a quick tour of what you can now use.",
      target: "centre",
    },
    {
      id: "search",
      title: "Search",
      body: "Search every part of the Drug Tariff at once by medicine, appliance or pack code. Press Ctrl K from any page.",
      target: "search",
    },
    {
      id: "tariff-prices",
      title: "Drug Tariff Prices",
      body: "Every part of the Drug Tariff, from Part VIIIA generics to Part IX appliances, for the month you choose.",
      target: "tariff",
    },
    {
      id: "reimbursement",
      title: "Reimbursement Info",
      body: "The lists that decide what is paid and how: zero discount, broken bulk, special containers, the formularies and more.",
      target: "reimbursement",
    },
    {
      id: "brands",
      title: "Branded Product Pricing",
      body: "The NHS indicative price of branded products, and the net price once the discount deduction is taken off.",
      target: "brands",
    },
    {
      id: "insights",
      title: "Insights",
      body: "What changed this month and this quarter: price changes, category changes, and additions and deletions.",
      target: "insights",
    },
    {
      id: "watchlists",
      title: "Watchlists",
      body: "Follow the packs you dispense most and get an e-mail when their price changes.",
      target: "watchlists",
    },
    {
      id: "help",
      title: "Help",
      body: "Short articles on every part of TariffScope. You can replay this tour from there at any time.",
      target: "help",
    },
    {
      id: "blog",
      title: "Blog",
      body: "Guides to the Drug Tariff and to running a community pharmacy.",
      target: "blog",
    },
    {
      id: "account",
      title: "Account Management",
      body: account,
      target: "account",
    },
    {
      id: "all-set",
      title: "You're all set!",
      body: "If anything is unclear or you need a hand, our support team is happy to help.",
      target: "centre",
      link: { href: `mailto:${site.supportEmail}`, label: `Contact support at ${site.supportEmail}` },
    },
  ];
}

/** The steps of a tour, in the order they are shown. */
export function tourSteps(id: TourId, audience: TourAudience): TourStepDefinition[] {
  return id === "intro" ? [...introSteps] : welcomeSteps(audience);
}

/** A tour to play, and for whom. */
export type TourRequest = { tour: TourId; audience: TourAudience };

/**
 * The tour the page's address asks for, if this user has not already finished or skipped it: after
 * paying (`paymentSuccess=true`) or joining a licence (`delegateSuccess=true`), the welcome tour, in
 * its delegate wording for someone who joined another's licence.
 */
export function tourRequestedBy(
  search: URLSearchParams,
  user: { delegate: boolean; seen: readonly TourId[] },
): TourRequest | null {
  const asked = tourQueryParameters.some((name) => search.get(name) === "true");
  if (!asked || user.seen.includes("welcome")) return null;
  const delegate = user.delegate || search.get("delegateSuccess") === "true";
  return { tour: "welcome", audience: { delegate } };
}

/** The address without the tour's query parameters, so that reloading it does not start the tour again. */
export function withoutTourParameters(pathname: string, search: URLSearchParams): string {
  const kept = new URLSearchParams(search);
  for (const name of tourQueryParameters) kept.delete(name);
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}
