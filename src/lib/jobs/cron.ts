import cronParser from "cron-parser";

/** Schedules are read in UK time, as the people who run the product read a clock. */
export const jobTimeZone = "Europe/London";

/** A five-field cron expression (minute hour day-of-month month day-of-week) the job queue accepts. */
export function isCronExpression(value: string): boolean {
  if (value.trim().split(/\s+/).length !== 5) return false;
  try {
    cronParser.parseExpression(value, { tz: jobTimeZone });
    return true;
  } catch {
    return false;
  }
}
