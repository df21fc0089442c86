import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { defaultNhsbsaTariffUrls, parseEnv } from "@/lib/env";

import { choosePerMonth, findTariffLinks } from "./links";

const fixture = (name: string) =>
  fs.readFileSync(path.join(process.cwd(), "tests/fixtures/fetch", name), "utf8");
const site = "https://www.nhsbsa.nhs.uk/pharmacies-gp-practices-and-appliance-contractors/drug-tariff/";

const page = (hrefs: [string, string][]) =>
  `<div class="expander-content">${hrefs.map(([href, text]) => `<p><a class="ckfile file" href="${href}">${text}</a></p>`).join("")}</div>`;

describe("findTariffLinks", () => {
  it("reads the Part VIII page's expanders: part and month from each file name, or its link text", () => {
    const links = findTariffLinks(fixture("drug-tariff-part-viii.html"), `${site}drug-tariff-part-viii`);
    expect(
      links.map(({ fileName, format, part, period, fromText }) => ({
        fileName,
        format,
        part,
        period,
        fromText,
      })),
    ).toEqual([
      {
        fileName: "Part VIIIA Jun 26.xls.xlsx",
        format: "xlsx",
        part: "viiia",
        period: "2026-06",
        fromText: {},
      },
      {
        fileName: "Part VIIIA Jun 26.xls.csv",
        format: "csv",
        part: "viiia",
        period: "2026-06",
        fromText: {},
      },
      { fileName: "Part VIIIA May 26.csv", format: "csv", part: "viiia", period: "2026-05", fromText: {} },
      {
        fileName: "Cat M Prices - Quarter 1.csv",
        format: "csv",
        part: "cat-m",
        period: "2026-04",
        fromText: { period: "2026-04" },
      },
    ]);
    expect(links[0]!.url).toBe(
      "https://www.nhsbsa.nhs.uk/sites/default/files/2026-05/Part%20VIIIA%20Jun%2026.xls.xlsx",
    );
  });

  it("reads the Part IX page's table, whatever the word order of its file names", () => {
    const links = choosePerMonth(
      findTariffLinks(fixture("drug-tariff-part-ix.html"), `${site}drug-tariff-part-ix`),
    );
    expect(links.map(({ fileName, part, period }) => ({ fileName, part, period }))).toEqual([
      { fileName: "Drug Tariff Part IX July 2026.csv", part: "ix", period: "2026-07" },
      { fileName: "Drug Tariff November 2025 Part IX.csv", part: "ix", period: "2025-11" },
    ]);
  });

  it("takes NHSBSA's irregular file names as they come", () => {
    const links = findTariffLinks(
      page([
        [
          "/sites/default/files/2025-11/Part%20VIIIA%20December%2020251.xls_0.csv",
          "Part VIIIA December 2025",
        ],
        ["/sites/default/files/2026-08/Part%20VIIIA%20Mar%2026.csv", "Part VIIIA March 2026"],
        ["/sites/default/files/2025-10/Part%20VIIID%20Nov%2025%20%281%29.csv", "Part VIIID"],
        ["/sites/default/files/2021-02/Part%20VIIIB%20Feb%2021_0.csv", "Part VIIIB"],
        ["/sites/default/files/2025-09/Part%20VIIIA%20Sept%202025.csv", "Part VIIIA"],
      ]),
      site,
    );
    expect(links.map(({ part, period }) => `${part} ${period}`)).toEqual([
      "viiia 2025-12",
      "viiia 2026-03",
      "viiid 2025-11",
      "viiib 2021-02",
      "viiia 2025-09",
    ]);
  });

  it("leaves out what it cannot place: no month, no data part, another edition, not a data file", () => {
    const links = findTariffLinks(
      page([
        ["/files/Part%20VIIIA.csv", "Part VIIIA (CSV)"],
        ["/files/Part%20VIII%20glossary.xlsx", "Glossary"],
        ["/files/Drug%20Tariff%20June%202026.pdf", "Drug Tariff June 2026"],
        ["/files/Northern%20Ireland%20Part%20I%20Jun%2026.csv", "NI Part I"],
        ["/files/Concessions%20Jun%2026.csv", "Concessions"],
      ]),
      site,
    );
    expect(links).toEqual([]);
  });
});

describe("choosePerMonth", () => {
  it("keeps one file per part and month, the CSV over the XLSX, newest first as listed", () => {
    const links = choosePerMonth(findTariffLinks(fixture("drug-tariff-part-viii.html"), site));
    expect(links.map((link) => link.fileName)).toEqual([
      "Part VIIIA Jun 26.xls.csv",
      "Part VIIIA May 26.csv",
      "Cat M Prices - Quarter 1.csv",
    ]);
  });
});

describe("the fetchers' settings", () => {
  it("read NHSBSA's Part VIII and Part IX pages and CPE's concessions page unless told other addresses", () => {
    const env = parseEnv({});
    expect(env.NHSBSA_TARIFF_URL.split(",")).toEqual(defaultNhsbsaTariffUrls);
    expect(env.CPE_CONCESSIONS_URL).toBe(
      "https://cpe.org.uk/funding-and-reimbursement/reimbursement/price-concessions/",
    );
    expect(
      parseEnv({
        NHSBSA_TARIFF_URL: "http://127.0.0.1:8080/a, http://127.0.0.1:8080/b",
        FETCH_ALLOWED_HOSTS: "127.0.0.1",
      }).NHSBSA_TARIFF_URL,
    ).toBe("http://127.0.0.1:8080/a, http://127.0.0.1:8080/b");
    expect(() => parseEnv({ NHSBSA_TARIFF_URL: "nhsbsa.nhs.uk" })).toThrow(
      /NHSBSA_TARIFF_URL: expected a comma-separated list/,
    );
    expect(() => parseEnv({ CPE_CONCESSIONS_URL: "ftp://cpe.org.uk/" })).toThrow(
      /CPE_CONCESSIONS_URL: expected the http/,
    );
  });
});
