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

const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const pad = (value: string) => value.padStart(2, "0");

/**
 * A schedule as a person reads it: "daily at 06:30 UK time", "every Monday at 07:00 UK time",
 * "Monday to Friday at 04:00 UK time", "every minute", "every 15 minutes"; any other expression is
 * quoted as it is, with its time zone. "off" is "off".
 */
export function cronInWords(schedule: string): string {
  if (schedule === "off") return "off";
  const fields = schedule.trim().split(/\s+/);
  const [minute, hour, dayOfMonth, month, weekday] = fields;
  if (fields.length !== 5) return `on the schedule "${schedule}" (UK time)`;
  if (dayOfMonth === "*" && month === "*" && weekday === "*" && hour === "*") {
    if (minute === "*") return "every minute";
    const every = /^\*\/(\d+)$/.exec(minute!);
    if (every) return `every ${every[1]} minutes`;
  }
  if (/^\d+$/.test(minute!) && /^\d+$/.test(hour!) && dayOfMonth === "*" && month === "*") {
    const at = `at ${pad(hour!)}:${pad(minute!)} UK time`;
    if (weekday === "*") return `daily ${at}`;
    if (/^[0-7]$/.test(weekday!)) return `every ${dayNames[Number(weekday)]} ${at}`;
    const range = /^([0-7])-([0-7])$/.exec(weekday!);
    if (range) return `${dayNames[Number(range[1])]} to ${dayNames[Number(range[2])]} ${at}`;
  }
  return `on the schedule "${schedule}" (UK time)`;
}
