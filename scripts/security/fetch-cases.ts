import type { CaseTest } from "./abuse-cases";

/**
 * What the fetchers may reach and bring back (docs/security.md, "Fetching the published files";
 * ADR 170), each abuse mapped to the tests that attempt it, as `abuse-cases.ts` maps its cases.
 */
export type FetchCase = { abuse: string; tests: CaseTest[] };

const unit = "src/features/imports/fetch/reach.test.ts";
const reach = "src/features/imports/fetch/reach.integration.test.ts";
const pass = "src/features/imports/fetch/scheduled-fetch.integration.test.ts";

export const fetchCaseFiles = [unit, reach, pass];

export const fetchCases: FetchCase[] = [
  {
    abuse: "a publisher's page links to another host (127.0.0.2)",
    tests: [{ file: reach, name: "follows no link to another host" }],
  },
  {
    abuse: "a file redirects to another host, or in a loop",
    tests: [{ file: reach, name: "checks every redirect again" }],
  },
  {
    abuse: "plain http, a loopback address, a name that resolves to loopback",
    tests: [{ file: reach, name: "refuses plain http and loopback addresses" }],
  },
  {
    abuse: "the address rule: loopback, private, link-local, shared, IPv4-mapped, rebinding names",
    tests: ["isPublicAddress", "refusalOf", "checkedLookup"].map((name) => ({ file: unit, name })),
  },
  {
    abuse: "TRUD's list names an archive on another host",
    tests: [{ file: reach, name: "takes TRUD's archive only from TRUD's hosts" }],
  },
  {
    abuse: "a link named ..%2F..%2F… writes outside the work folder",
    tests: [
      { file: reach, name: "in the work folder, under the link's base name" },
      { file: reach, name: "extracts a dm+d release inside the work folder" },
      { file: unit, name: "file names from links" },
    ],
  },
  {
    abuse: "a file streams without end, or announces more than the limit",
    tests: [
      { file: reach, name: "abandons a file at its source's limit" },
      { file: reach, name: "refuses a file that announces more than the limit" },
    ],
  },
  {
    abuse: "a page streams without end (NHSBSA's, CPE's)",
    tests: [{ file: reach, name: "holds no page past its source's limit" }],
  },
  {
    abuse: "a server that never answers keeps a fetch, or a pass, going",
    tests: [
      { file: reach, name: "gives up on one fetch at its total time limit" },
      { file: pass, name: "fetches nothing past the pass's time limit" },
    ],
  },
  {
    abuse: "settings: default hosts and limits, loopback-only FETCH_ALLOWED_HOSTS",
    tests: [{ file: unit, name: "the reach settings" }],
  },
];
