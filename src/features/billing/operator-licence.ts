import { site } from "@/lib/site";

/**
 * A licence we set up ourselves (not bought online) has no billing account behind it: its admin
 * is told so, and whom to ask, wherever billing would otherwise open.
 */
export const operatorLicence = {
  reason: `Your licence was set up by ${site.name} rather than bought online, so it has no card or invoices to manage here.`,
  contact: "To change your seats or plan, or to cancel, e-mail",
};

export const operatorLicenceMessage = `${operatorLicence.reason} ${operatorLicence.contact} ${site.supportEmail}.`;
