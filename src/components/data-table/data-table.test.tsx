import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot } from "react-dom/client";
import type { ComponentProps } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { DataTable } from "./data-table";
import type { DataColumn, DataRow } from "./format";

const columns: DataColumn[] = [
  { id: "medicine", header: "Medicine", hrefKey: "href", priority: "name" },
  { id: "packSize", header: "Pack size", kind: "number", priority: "key" },
  { id: "price", header: "Basic Price", kind: "pence", priority: "key" },
];
const rows: DataRow[] = [
  { medicine: "Paracetamol 500mg tablets", packSize: 32, price: 89, href: "/drug-info/1" },
  { medicine: "Amoxicillin 250mg capsules", packSize: 21, price: 1234, href: "/drug-info/2" },
  { medicine: "Ibuprofen 200mg tablets", packSize: 24, price: null, href: "/drug-info/3" },
];

/** The table most tests draw: the rows above, as "Part VIIIA prices", with `props` in place of any of that. */
const renderTable = (props: Partial<ComponentProps<typeof DataTable>> = {}) =>
  render(<DataTable columns={columns} rows={rows} caption="Part VIIIA prices" fileName="x.csv" {...props} />);

const bodyRows = () =>
  within(screen.getByRole("region", { name: "Part VIIIA prices" }))
    .getAllByRole("row")
    .slice(1);

/** A row's cells as assistive technology reads them: without the labels a phone's card shows. */
const cellValues = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((cell) => {
      const copy = cell.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((label) => label.remove());
      return copy.textContent;
    });

// jsdom lays nothing out: give the scrolling region a screen's height so the virtual list renders rows.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(1000);
});
afterEach(() => vi.restoreAllMocks());

/** The file's text, byte-order mark and all (a text reader would drop the mark). */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer).toString("latin1"));
    reader.readAsArrayBuffer(blob);
  });
}

/** What the table's "Export CSV" button downloads, as the file the browser would save. */
async function exportCsv(): Promise<string> {
  let exported = "";
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    void readBlob(blob as Blob).then((text) => (exported = text));
    return "blob:test";
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
  await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
  await vi.waitFor(() => expect(exported).not.toBe(""));
  return exported;
}

const asUtf8 = (latin1: string) => Buffer.from(latin1, "latin1").toString("utf8");

describe("DataTable", () => {
  it("shows pence as pounds and links each row to its detail page", () => {
    renderTable();
    const [first, second] = bodyRows();
    expect(cellValues(first!)).toEqual(["Paracetamol 500mg tablets", "32", "£0.89"]);
    expect(cellValues(second!)).toEqual(["Amoxicillin 250mg capsules", "21", "£12.34"]);
    expect(within(first!).getByRole("link", { name: "Paracetamol 500mg tablets" })).toHaveAttribute(
      "href",
      "/drug-info/1",
    );
    expect(screen.getByText("3 rows")).toBeInTheDocument();
  });

  it("makes links and explanations from a row's other values where it is given how", () => {
    const made: DataColumn[] = [
      { ...columns[0]!, hrefKey: "href" },
      { ...columns[2]!, hintKey: "priceHint" },
    ];
    renderTable({
      columns: made,
      rows: [{ medicine: "Paracetamol 500mg tablets", price: 89, code: "42" }],
      madeValues: {
        href: (row) => `/drug-info/${row.code}`,
        priceHint: (row) => `${row.price}p a pack`,
      },
    });
    const [row] = bodyRows();
    expect(within(row!).getByRole("link", { name: "Paracetamol 500mg tablets" })).toHaveAttribute(
      "href",
      "/drug-info/42",
    );
    expect(within(row!).getByTitle("89p a pack")).toHaveTextContent("£0.89 (89p a pack)");
  });

  it("while loading, shows the headers and a status in place of the rows, with nothing to export", () => {
    renderTable({ rows: [], loading: true });
    expect(screen.getByRole("region", { name: "Part VIIIA prices" })).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("columnheader", { name: /Basic Price/ })).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent("Loading rows…");
    expect(screen.queryByText("No rows to show.")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  });

  it("sorts by a column, both ways, with empty values last, and says so to assistive technology", async () => {
    renderTable();
    const priceHeader = screen.getByRole("columnheader", { name: /Basic Price/ });
    await userEvent.click(within(priceHeader).getByRole("button"));
    expect(priceHeader).toHaveAttribute("aria-sort", "ascending");
    expect(bodyRows().map((row) => row.textContent)).toEqual([
      expect.stringContaining("Paracetamol"),
      expect.stringContaining("Amoxicillin"),
      expect.stringContaining("Ibuprofen"),
    ]);
    await userEvent.click(within(priceHeader).getByRole("button"));
    expect(priceHeader).toHaveAttribute("aria-sort", "descending");
    expect(bodyRows()[0]).toHaveTextContent("Amoxicillin");
    expect(bodyRows()[2]).toHaveTextContent("Ibuprofen");
  });

  it("exports exactly the rows shown, in the order shown", async () => {
    renderTable({ fileName: "part-viiia.csv" });
    await userEvent.click(within(screen.getByRole("columnheader", { name: /Medicine/ })).getByRole("button"));
    const exported = await exportCsv();
    // UTF-8 with its byte-order mark, money as pounds under a header that says so.
    expect(exported.startsWith("\xEF\xBB\xBF")).toBe(true);
    expect(asUtf8(exported).split("\r\n")).toEqual([
      "\uFEFFMedicine,Pack size,Basic Price (£)",
      "Amoxicillin 250mg capsules,21,12.34",
      "Ibuprofen 200mg tablets,24,",
      "Paracetamol 500mg tablets,32,0.89",
      "",
    ]);
  });

  it("ends each row with its control when given one, which the CSV leaves out", async () => {
    const removed: unknown[] = [];
    renderTable({
      rowAction: {
        header: "Remove",
        render: (row) => (
          <button type="button" onClick={() => removed.push(row.href)}>
            Remove {row.medicine}
          </button>
        ),
      },
    });
    expect(screen.getByRole("columnheader", { name: "Remove" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Remove Amoxicillin 250mg capsules" }));
    expect(removed).toEqual(["/drug-info/2"]);
    const exported = await exportCsv();
    expect(asUtf8(exported).split("\r\n")[0]).toBe("\uFEFFMedicine,Pack size,Basic Price (£)");
  });

  it("says so when there is nothing to show, and offers no export", () => {
    renderTable({ rows: [], emptyMessage: "No prices for this month." });
    expect(screen.getByText("No prices for this month.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  });
});

describe("DataTable on a phone", () => {
  it("labels each cell of a card with its column, hidden from assistive technology, which has the headers", () => {
    renderTable();
    const [first] = bodyRows();
    const labels = within(first!)
      .getAllByRole("cell")
      .map((cell) => cell.querySelector('[aria-hidden="true"]')?.textContent ?? null);
    // The name is the card's title; the figures say what they are.
    expect(labels).toEqual([null, "Pack size", "Basic Price"]);
  });

  it("hydrates the server's rows without a mismatch: the server knows no width, so the first render keeps its rows", async () => {
    const many: DataRow[] = Array.from({ length: 60 }, (_, index) => ({
      medicine: `Medicine ${index}`,
      packSize: index + 1,
      price: index * 10,
      href: `/drug-info/${index}`,
    }));
    const table = <DataTable columns={columns} rows={many} caption="Part VIIIA prices" fileName="part.csv" />;
    vi.stubGlobal("matchMedia", undefined);
    const container = document.createElement("div");
    container.innerHTML = renderToString(table);
    document.body.append(container);
    const serverRows = container.querySelectorAll("tbody tr[data-index]").length;
    expect(serverRows).toBeGreaterThan(0);

    // The browser is a phone's width: its rows are cards.
    vi.stubGlobal("matchMedia", (media: string) => ({
      matches: true,
      media,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const recovered: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, table, { onRecoverableError: (error) => recovered.push(error) }),
    );
    expect(recovered).toEqual([]);
    expect(container.querySelectorAll("tbody tr[data-index]").length).toBeGreaterThan(0);
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
  });

  it("sorts from the 'Sort by' choice, as the headers' buttons do on a wider screen", async () => {
    renderTable();
    const sortBy = screen.getByRole("combobox", { name: "Sort by" });
    await userEvent.selectOptions(sortBy, "Basic Price, high to low");
    expect(bodyRows().map((row) => cellValues(row)[0])).toEqual([
      "Amoxicillin 250mg capsules",
      "Paracetamol 500mg tablets",
      "Ibuprofen 200mg tablets",
    ]);
    expect(screen.getByRole("columnheader", { name: /Basic Price/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await userEvent.selectOptions(sortBy, "Medicine, A to Z");
    expect(cellValues(bodyRows()[0]!)[0]).toBe("Amoxicillin 250mg capsules");
    await userEvent.selectOptions(sortBy, "List order");
    expect(cellValues(bodyRows()[0]!)[0]).toBe("Paracetamol 500mg tablets");
  });
});

describe("DataTable row links", () => {
  it("carry the page they were followed from, so the page they open can lead back", () => {
    renderTable({ linkFrom: "/drug-tariff-parts/partviiia?month=2026-11&searchTerm=para" });
    expect(screen.getByRole("link", { name: "Paracetamol 500mg tablets" })).toHaveAttribute(
      "href",
      `/drug-info/1?from=${encodeURIComponent("/drug-tariff-parts/partviiia?month=2026-11&searchTerm=para")}`,
    );
  });
});
