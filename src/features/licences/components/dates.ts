/** Dates on the licence screens, as product §2.13 shows last sign-ins: en-GB, UK time. */
export const shortDate = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/London",
});
