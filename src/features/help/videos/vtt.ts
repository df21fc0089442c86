/**
 * WebVTT for the help videos (ADR 132): `npm run help:videos` writes each video's captions and chapters
 * from the steps of its scripted journey, so what is said always matches what is shown.
 */

/** One step of a recorded journey: what the caption says, from `start` to `end` (milliseconds). */
export type VideoStep = { start: number; end: number; text: string };

/** `HH:MM:SS.mmm`, the cue timestamp WebVTT requires (hours always written, so any length parses). */
export function vttTimestamp(milliseconds: number): string {
  const total = Math.max(0, Math.round(milliseconds));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor(total / 60_000) % 60;
  const seconds = Math.floor(total / 1000) % 60;
  const millis = total % 1000;
  const two = (value: number) => String(value).padStart(2, "0");
  return `${two(hours)}:${two(minutes)}:${two(seconds)}.${String(millis).padStart(3, "0")}`;
}

/** A cue's text may not hold a blank line or the `-->` arrow, and `<` and `&` would start markup. */
function cueText(text: string): string {
  return text
    .replace(/\s*\n\s*/g, " ")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/-->/g, "→")
    .trim();
}

/** The steps in time order, each ending no later than the next one starts. */
export function orderedSteps(steps: readonly VideoStep[]): VideoStep[] {
  const sorted = [...steps].sort((a, b) => a.start - b.start);
  return sorted.map((step, index) => {
    const next = sorted[index + 1];
    const end = next ? Math.min(step.end, next.start) : step.end;
    if (end <= step.start) throw new Error(`The step "${step.text}" has no time of its own.`);
    return { ...step, end };
  });
}

/** A WebVTT file with one numbered cue per step, in time order. */
export function writeVtt(steps: readonly VideoStep[]): string {
  const cues = orderedSteps(steps).map(
    (step, index) =>
      `${index + 1}\n${vttTimestamp(step.start)} --> ${vttTimestamp(step.end)}\n${cueText(step.text)}\n`,
  );
  return ["WEBVTT", "", ...cues].join("\n");
}

/** `m:ss`, as the chapter list shows a start time. */
export function clockTime(milliseconds: number): string {
  const seconds = Math.floor(Math.max(0, milliseconds) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
