/**
 * CSV of exactly the rows a table shows (RFC 4180 quoting). A cell that a spreadsheet could run as a
 * formula is prefixed with an apostrophe, so an exported file cannot carry a formula in from published
 * data — except plain numbers, which stay numbers. That is a cell starting =, +, -, @ or their
 * full-width forms (＝ ＋ － ＠, which some spreadsheets read as the plain ones), or white space or a line
 * break that a spreadsheet may trim away before such a character (OWASP CSV injection).
 */
const formulaStart = /^[=+\-@\t\r\n \uFF1D\uFF0B\uFF0D\uFF20]/;
const plainNumber = /^-?\d+(\.\d+)?$/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (formulaStart.test(text) && !plainNumber.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** A safe file name from its parts: "Part VIIIA, England & Wales, November 2026" → "part-viiia-england-wales-2026-11". */
export function csvFileName(parts: string[]): string {
  return `${parts
    .join("-")
    .toLowerCase()
    .replace(/&/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}.csv`;
}
