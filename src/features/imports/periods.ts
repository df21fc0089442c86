import { monthNames } from "@/lib/tariff-vocabulary";

/** 1–12 for a month word as published: `Sep`, `Sept`, `September`, any case; otherwise undefined. */
export function monthFromWord(word: string): number | undefined {
  const lower = word.toLowerCase();
  if (lower.length < 3) return undefined;
  const index = monthNames.findIndex((name) => {
    const full = name.toLowerCase();
    return lower === full || lower === full.slice(0, 3) || (full === "september" && lower === "sept");
  });
  return index === -1 ? undefined : index + 1;
}
