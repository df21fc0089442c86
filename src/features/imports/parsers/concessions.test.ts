import { describe, expect, it } from "vitest";

import { BadFileError } from "../errors";
import { parseConcessionsHtml } from "./concessions";

/** An archive page as Community Pharmacy England lays it out: month headings, then a year heading with months in paragraphs. */
const archive = `<!DOCTYPE html><html><body>
<h1>Price Concessions Archive</h1>
<h2 class="trigger">December 2023</h2>
<div class="toggle_container">
<table><tbody>
<tr><td>Drug</td><td>Pack size</td><td>Price concession</td></tr>
<tr><td>Amiloride 5mg tablets</td><td>28</td><td>£15.70</td></tr>
<tr><td>Co-codamol 30mg/500mg tablets&nbsp;</td><td>100</td><td>11.9</td></tr>
</tbody></table>
<p>We are still working with DHSC on prices for November 2023.</p>
</div>
<h2 class="trigger">2019</h2>
<div class="toggle_container">
<p>November 2019</p>
<table>
<tr><td>Drug name</td><td>Pack size</td><td>Price Concession</td></tr>
<tr><td>Alverine 60mg capsules</td><td>100</td><td>£9.25 (previously £8.10)</td></tr>
<tr><td>Bumetanide 1mg tablets</td><td>28</td><td>11..35</td></tr>
</table>
</div>
<table class="cookies"><tr><th>Cookie</th><th>Duration</th><th>Description</th></tr></table>
</body></html>`;

describe("concessions pages", () => {
  it("take each table's month from the heading or paragraph before it, and prices in pounds", () => {
    const { datasets, rowsRead } = parseConcessionsHtml("archive.html", archive, undefined);
    expect(rowsRead).toBe(4);
    expect(datasets).toEqual([
      {
        period: "2019-11",
        rows: [
          { drug: "Alverine 60mg capsules", packSize: "100", pricePence: 925 },
          { drug: "Bumetanide 1mg tablets", packSize: "28", pricePence: 1135 },
        ],
      },
      {
        period: "2023-12",
        rows: [
          { drug: "Amiloride 5mg tablets", packSize: "28", pricePence: 1570 },
          { drug: "Co-codamol 30mg/500mg tablets", packSize: "100", pricePence: 1190 },
        ],
      },
    ]);
  });

  it("put every table in the month given with --period", () => {
    const { datasets } = parseConcessionsHtml("archive.html", archive, "2024-02");
    expect(datasets.map((dataset) => [dataset.period, dataset.rows.length])).toEqual([["2024-02", 4]]);
  });

  it("name the line and column of a price they cannot read", () => {
    const bad = archive.replace("£15.70", "fifteen pounds");
    expect(() => parseConcessionsHtml("archive.html", bad, undefined)).toThrow(
      /archive\.html, line 7, column "Price concession": expected a price in pounds, such as £15\.54, found "fifteen pounds"/,
    );
  });

  it("refuse a page with no concessions table", () => {
    expect(() =>
      parseConcessionsHtml("news.html", "<html><body><p>Nothing here</p></body></html>", undefined),
    ).toThrow(BadFileError);
  });
});
