import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { DataTable } from "./data-table";
import type { DataColumn, DataRow } from "./format";

const columns: DataColumn[] = [
  { id: "medicine", header: "Medicine", hrefKey: "href" },
  { id: "packSize", header: "Pack size", kind: "number" },
  { id: "price", header: "Basic Price", kind: "pence" },
];
const rows: DataRow[] = [
  { medicine: "Paracetamol 500mg tablets", packSize: 32, price: 89, href: "/drug-info/1" },
  { medicine: "Amoxicillin 250mg capsules", packSize: 21, price: 1234, href: "/drug-info/2" },
  { medicine: "Ibuprofen 200mg tablets", packSize: 24, price: null, href: "/drug-info/3" },
];

const bodyRows = () =>
  within(screen.getByRole("region", { name: "Part VIIIA prices" }))
    .getAllByRole("row")
    .slice(1);

// jsdom lays nothing out: give the scrolling region a screen's height so the virtual list renders rows.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(1000);
});
afterEach(() => vi.restoreAllMocks());

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

describe("DataTable", () => {
  it("shows pence as pounds and links each row to its detail page", () => {
    render(<DataTable columns={columns} rows={rows} caption="Part VIIIA prices" fileName="x.csv" />);
    const [first, second] = bodyRows();
    expect(first).toHaveTextContent("Paracetamol 500mg tablets32£0.89");
    expect(second).toHaveTextContent("£12.34");
    expect(within(first!).getByRole("link", { name: "Paracetamol 500mg tablets" })).toHaveAttribute(
      "href",
      "/drug-info/1",
    );
    expect(screen.getByText("3 rows")).toBeInTheDocument();
  });

  it("while loading, shows the headers and a status in place of the rows, with nothing to export", () => {
    render(<DataTable columns={columns} rows={[]} caption="Part VIIIA prices" fileName="x.csv" loading />);
    expect(screen.getByRole("region", { name: "Part VIIIA prices" })).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("columnheader", { name: /Basic Price/ })).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent("Loading rows…");
    expect(screen.queryByText("No rows to show.")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  });

  it("sorts by a column, both ways, with empty values last, and says so to assistive technology", async () => {
    render(<DataTable columns={columns} rows={rows} caption="Part VIIIA prices" fileName="x.csv" />);
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
    let exported = "";
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      void readBlob(blob as Blob).then((text) => (exported = text));
      return "blob:test";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    render(<DataTable columns={columns} rows={rows} caption="Part VIIIA prices" fileName="part-viiia.csv" />);
    await userEvent.click(within(screen.getByRole("columnheader", { name: /Medicine/ })).getByRole("button"));
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await vi.waitFor(() => expect(exported).not.toBe(""));
    expect(exported.split("\r\n")).toEqual([
      "Medicine,Pack size,Basic Price",
      "Amoxicillin 250mg capsules,21,£12.34",
      "Ibuprofen 200mg tablets,24,",
      "Paracetamol 500mg tablets,32,£0.89",
      "",
    ]);
  });

  it("says so when there is nothing to show, and offers no export", () => {
    render(
      <DataTable
        columns={columns}
        rows={[]}
        caption="Part VIIIA prices"
        fileName="x.csv"
        emptyMessage="No prices for this month."
      />,
    );
    expect(screen.getByText("No prices for this month.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  });
});
