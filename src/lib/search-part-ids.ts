/**
 * The parts the global search looks in, by id, in the order the dialog shows them: plain data that the
 * search and a user's profile (the parts they switched off) share. `features/search/parts` gives each
 * its list, title and path.
 */
export const searchPartIds = [
  "viiia",
  "viiib",
  "viiid",
  "catm",
  "ix",
  "acbs",
  "brands",
  "concessions",
] as const;

export type SearchPartId = (typeof searchPartIds)[number];

/** Only England & Wales publishes these: Northern Ireland users neither see nor search them. */
export const ewOnlySearchParts: readonly SearchPartId[] = ["viiib", "viiid"];
