import { gzipSync } from "node:zlib";

import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { DataColumn } from "@/components/data-table/format";
import { columnarRowsJson, type RowValue } from "@/lib/rows-wire";

import { ListTable } from "./list-table";

const columns: DataColumn[] = [
  { id: "medicine", header: "Medicine" },
  { id: "price", header: "Basic Price", kind: "pence" },
];
const rowsUrl = "/api/lists/partviiia/rows?month=2026-11";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
/** What the rows route answers: the rows' wire form as a gzip file (ADR 153). */
const gzipped = (rows: Record<string, RowValue>[]) => gzippedText(columnarRowsJson(rows));
const gzippedText = (text: string) =>
  new Response(new Uint8Array(gzipSync(text)), { headers: { "content-type": "application/gzip" } });

function renderTable() {
  render(
    <ListTable
      rowsUrl={rowsUrl}
      columns={columns}
      caption="Drug Tariff Part VIIIA, November 2026"
      fileName="part-viiia-ew-2026-11.csv"
      emptyMessage="No rows to show."
      linkFrom="/drug-tariff-parts/partviiia?month=2026-11"
    />,
  );
  return () => within(screen.getByRole("region")).getAllByRole("row").slice(1);
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(1000);
});
afterEach(() => vi.restoreAllMocks());

describe("ListTable", () => {
  it("shows that rows are loading, then the rows its URL answers", async () => {
    const fetched = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(gzipped([{ medicine: "Aspirin 75mg", price: 95 }]));
    const bodyRows = renderTable();
    expect(screen.getByText("Loading rows…", { selector: "p" })).toBeInTheDocument();
    expect(await screen.findByText("1 row")).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent(/^Aspirin 75mg.*£0\.95$/);
    expect(fetched).toHaveBeenCalledWith(rowsUrl, expect.anything());
  });

  it("shows the server's message when it refuses, and tries again on request", async () => {
    const fetched = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(
        json({ error: { code: "unauthorized", message: "Please log in to continue." } }, 401),
      )
      .mockResolvedValueOnce(gzipped([{ medicine: "Aspirin 75mg", price: 95 }]));
    renderTable();
    expect(await screen.findByRole("alert")).toHaveTextContent("Please log in to continue.");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("1 row")).toBeInTheDocument();
    expect(fetched).toHaveBeenCalledTimes(2);
  });

  it("says the rows could not be loaded when the answer is not rows in their wire form", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      gzippedText(JSON.stringify([{ medicine: "Aspirin 75mg" }])),
    );
    renderTable();
    expect(await screen.findByRole("alert")).toHaveTextContent("The rows could not be loaded.");
  });

  it("says the connection failed when the request never arrives", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    renderTable();
    expect(await screen.findByRole("alert")).toHaveTextContent("The rows could not be loaded.");
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  });

  it("on a new URL shows none of the old rows while its own load, and announces from the same region", async () => {
    let answer!: (response: Response) => void;
    vi.spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(gzipped([{ medicine: "Aspirin 75mg", price: 95 }]))
      .mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const props = {
      columns,
      caption: "Drug Tariff Part VIIIA, November 2026",
      fileName: "part-viiia-ew-2026-11.csv",
      emptyMessage: "No rows to show.",
      linkFrom: "/drug-tariff-parts/partviiia?month=2026-11",
    };
    const { rerender } = render(<ListTable rowsUrl={rowsUrl} {...props} />);
    const count = await screen.findByText("1 row");
    rerender(<ListTable rowsUrl={`${rowsUrl}&searchTerm=ibu`} {...props} />);
    expect(count).toHaveTextContent("Loading rows…");
    expect(screen.queryByText("Aspirin 75mg")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeDisabled();
    answer(
      gzipped([
        { medicine: "Ibuprofen 200mg", price: 40 },
        { medicine: "Ibuprofen 400mg", price: 60 },
      ]),
    );
    expect(await screen.findByText("2 rows")).toBe(count);
    expect(count).toHaveAttribute("aria-live", "polite");
  });
});
