/**
 * Writers for files in the layouts the importer reads, quirks and all: the sample data generator
 * and the tests build their files with these, so both exercise what real files look like.
 */

export type Cell = string | number | null | undefined;

/** NHSBSA's headers, spelling and blank unit column included (docs/data-formats.md). */
export const headers = {
  viiia: [
    "Medicine",
    "Pack size",
    "",
    "VMP Snomed Code",
    "VMPP Snomed Code",
    "Drug Tariff Category",
    "Basic Price",
  ],
  catM: ["VMPP Snomed Code", "Drug Name", "Pack size", "", "Basic price"],
  viiib: [
    "VMP Snomed Code",
    "VMPP Snomed Code",
    "Medicine",
    "Pack size",
    "",
    "Formulations",
    "Spec Cont Ind",
    "Basic Price",
  ],
  viiid: [
    "VMP Snomed Code",
    "VMPP Snomed Code",
    "Medicine",
    "Pack Size",
    "",
    "Formulations",
    "Spec Cont Ind",
    "Basic Price",
  ],
  ix: [
    "Drug Tariff Part",
    "Supplier Name",
    "VMP Name",
    "AMP Name",
    "Colour",
    "Size or Weight",
    "Quantity",
    "Quantity Unit of Measure",
    "Product Order Number",
    "Pack Order Number",
    "Price",
    "Add Dispensing Indicator",
    "Product Snomed Code",
    "Pack Snomed Code",
    "GTIN",
    "Supplier Snomed Code",
    "BNF Code",
  ],
};

function csvCell(cell: Cell): string {
  const text = cell === null || cell === undefined ? "" : String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(cells: Cell[]): string {
  return cells.map(csvCell).join(",");
}

/**
 * NHSBSA's raw CSV layout (docs/data-formats.md): a title alone in column A, an all-empty row, the
 * header (with the unit column's header left blank), data, trailing all-empty rows; lines end CR CR
 * LF; text is Windows-1252.
 */
export function nhsbsaCsv(options: {
  title: string;
  header: string[];
  rows: Cell[][];
  trailingBlankRows?: number;
}): Buffer {
  const width = options.header.length;
  const empty = ",".repeat(width - 1);
  const lines = [
    `${csvCell(options.title)}${empty}`,
    empty,
    csvLine(options.header),
    ...options.rows.map(csvLine),
    ...Array.from({ length: options.trailingBlankRows ?? 0 }, () => empty),
  ];
  return Buffer.from(lines.map((line) => `${line}\r\r\n`).join(""), "latin1");
}

/** The headers of the CSV formats we define ourselves (docs/data-formats.md). */
export const ourHeaders = {
  niPartI: [
    "Medicine",
    "Pack size",
    "Unit of measure",
    "VMP Snomed Code",
    "VMPP Snomed Code",
    "Drug Tariff Category",
    "Basic Price",
  ],
  blacklist: ["Medicine", "Supplier", "Category", "SNOMED Code", "Notes"],
  zeroDiscount: [
    "Drug Name",
    "Pack size",
    "Unit of measure",
    "VMPP Snomed Code",
    "AMPP Snomed Code",
    "Notes",
  ],
  borderline: [
    "Product",
    "Pack size",
    "Unit of measure",
    "AMPP Snomed Code",
    "Supplier",
    "Basic Price",
    "ACBS Conditions",
  ],
};

/** Our own CSV formats (docs/data-formats.md): optional title row, header, data; UTF-8, CRLF. */
export function plainCsv(options: { title?: string; header: string[]; rows: Cell[][] }): Buffer {
  const lines = [
    ...(options.title ? [csvLine([options.title])] : []),
    csvLine(options.header),
    ...options.rows.map(csvLine),
  ];
  return Buffer.from(`${lines.join("\r\n")}\r\n`, "utf8");
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export type ConcessionEntry = { drug: string; packSize: string; price: string };

function concessionTable(entries: ConcessionEntry[], priceHeader: string): string {
  const rows = entries.map(
    (entry) =>
      `<tr>\n<td>${escapeHtml(entry.drug)}</td>\n<td>${escapeHtml(entry.packSize)}</td>\n<td>${escapeHtml(entry.price)}</td>\n</tr>`,
  );
  return `<table width="581">\n<tbody>\n<tr>\n<td width="401">Drug</td>\n<td width="64">Pack size</td>\n<td width="116">${priceHeader}</td>\n</tr>\n${rows.join("\n")}\n</tbody>\n</table>`;
}

const pageStart = (title: string) =>
  `<!DOCTYPE html>\n<html lang="en-GB">\n<head>\n<meta charset="UTF-8">\n<title>${title} - Community Pharmacy England</title>\n</head>\n<body>\n<h1 class="page-heading">${title}</h1>\n`;

/** Community Pharmacy England's current concessions page: one month, under an expandable heading. */
export function concessionsPage(options: {
  month: string;
  updated: string;
  entries: ConcessionEntry[];
}): string {
  return `${pageStart("Price Concessions")}<span>Updated on: ${options.updated}</span>
<p><strong><div class="trigger the-trigger">The following price concessions have been granted for ${options.month}<div class="icon"></div></div><div class="toggle_container"></strong></p>
<p>The Department of Health and Social Care (DHSC) has granted the following list of price concessions for <strong>${options.month}.</strong></p>
${concessionTable(options.entries, "Price concession")}
<p>No additional endorsements are required for price concessions.</p>
</div>
</body>
</html>
`;
}

/**
 * The archive page: recent months each under a month heading; older years under a year heading
 * with the month in the paragraph before each table.
 */
export function concessionsArchivePage(
  months: { month: string; grouped: boolean; entries: ConcessionEntry[] }[],
): string {
  const sections: string[] = [];
  let year: string | undefined;
  for (const month of months) {
    if (month.grouped) {
      const thisYear = month.month.split(" ")[1]!;
      if (thisYear !== year) {
        if (year) sections.push("</div>");
        sections.push(`<h2 class="trigger">${thisYear}</h2>\n<div class="toggle_container">`);
        year = thisYear;
      }
      sections.push(`<p>${month.month}</p>\n${concessionTable(month.entries, "Price Concession")}`);
    } else {
      sections.push(
        `<h2 class="trigger">${month.month}</h2>\n<div class="toggle_container">\n${concessionTable(month.entries, "Price concession")}\n</div>`,
      );
    }
  }
  if (year) sections.push("</div>");
  return `${pageStart("Price Concessions Archive")}${sections.join("\n")}\n</body>\n</html>\n`;
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A dm+d XML file: root element, groups of records, each record a list of leaf fields (and nested groups). */
export type XmlRecord = { tag: string; fields: [string, string | null | undefined][]; nested?: XmlRecord[] };

function xmlRecord(record: XmlRecord, indent: string): string {
  const fields = record.fields
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([name, value]) => `${indent}  <${name}>${xmlEscape(String(value))}</${name}>`);
  const nested = (record.nested ?? []).map((child) => xmlRecord(child, `${indent}  `));
  return `${indent}<${record.tag}>\n${[...fields, ...nested].join("\n")}\n${indent}</${record.tag}>`;
}

export function dmdXml(
  root: string,
  schema: string,
  groups: { tag: string; records: XmlRecord[] }[],
): string {
  const body = groups
    .map((group) =>
      group.records.length === 0
        ? `  <${group.tag}/>`
        : `  <${group.tag}>\n${group.records.map((record) => xmlRecord(record, "    ")).join("\n")}\n  </${group.tag}>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="utf-8"?>\n<${root} xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="${schema}">\n  <!-- TariffScope sample data: generated, not NHSBSA data -->\n${body}\n</${root}>\n`;
}
