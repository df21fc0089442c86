import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { DataTable } from "@/components/data-table/data-table";

import { WatchlistAdd } from "./list-watch-add";

const actions = vi.hoisted(() => ({ addManyToWatchlist: vi.fn() }));
vi.mock("../actions", () => actions);

const rows = [
  { medicine: "Amlodipine 5mg tablets", vmppSnomedCode: "1000001" },
  { medicine: "Bisoprolol 10mg tablets", vmppSnomedCode: "1000002" },
  { medicine: "No code", vmppSnomedCode: null },
];

function renderList(choices = [{ id: "list-1", name: "Fridge lines" }]) {
  return render(
    <WatchlistAdd config={{ kind: "drug", codeKey: "vmppSnomedCode", nameKey: "medicine", choices }}>
      <DataTable
        columns={[{ id: "medicine", header: "Medicine", priority: "name" }]}
        rows={rows}
        caption="Part VIIIA"
        fileName="part-viiia.csv"
      />
    </WatchlistAdd>,
  );
}

/** The action's answer: one pack added to "Fridge lines", with `counts` changed. */
const addedAnswer = (counts: { already?: number; unlisted?: number } = {}) => ({
  ok: true,
  data: {
    watchlistId: "list-1",
    watchlistName: "Fridge lines",
    added: 1,
    already: 0,
    unlisted: 0,
    source: "Part VIIIA",
    ...counts,
  },
});

afterEach(() => vi.restoreAllMocks());

describe("adding a list page's rows to a watchlist", () => {
  // jsdom lays nothing out: give the scrolling region a screen's height so the virtual list renders rows.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(1000);
    actions.addManyToWatchlist.mockReset();
    actions.addManyToWatchlist.mockResolvedValue(addedAnswer({ already: 1 }));
  });

  it("adds one row by its own button to the chosen list, and says what happened", async () => {
    renderList();
    fireEvent.click(screen.getByRole("button", { name: "Add Amlodipine 5mg tablets to Fridge lines" }));
    await screen.findByText(/Added 1 pack to Fridge lines\. 1 was already on it\./);
    expect(actions.addManyToWatchlist).toHaveBeenCalledWith({
      watchlistId: "list-1",
      kind: "drug",
      codes: ["1000001"],
    });
    expect(screen.getByRole("link", { name: "View watchlist" }).getAttribute("href")).toBe(
      "/manage-watchlists-login?list=list-1",
    );
  });

  it("adds the ticked rows together, then clears them; a row without a code has no control", async () => {
    renderList();
    const addSelected = () => screen.getByRole("button", { name: /Add selected/ });
    expect(addSelected()).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Amlodipine 5mg tablets" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Bisoprolol 10mg tablets" }));
    expect(screen.getAllByRole("checkbox")).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Add selected (2)" }));
    await waitFor(() => expect(addSelected().textContent).toBe("Add selected (0)"));
    expect(actions.addManyToWatchlist).toHaveBeenCalledWith({
      watchlistId: "list-1",
      kind: "drug",
      codes: ["1000001", "1000002"],
    });
  });

  it("shows a refusal, such as the limit, as the server words it", async () => {
    actions.addManyToWatchlist.mockResolvedValue({
      ok: false,
      code: "conflict",
      message: "A watchlist holds up to 2,000 packs.",
    });
    renderList([]);
    expect(screen.getByRole("option", { name: "My watchlist (new)" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add Amlodipine 5mg tablets to My watchlist" }));
    await screen.findByText("A watchlist holds up to 2,000 packs.");
    expect(actions.addManyToWatchlist).toHaveBeenCalledWith({
      watchlistId: undefined,
      kind: "drug",
      codes: ["1000001"],
    });
  });

  it("says how many ticked packs were left out because their source never listed them", async () => {
    actions.addManyToWatchlist.mockResolvedValue(addedAnswer({ unlisted: 1 }));
    renderList();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Amlodipine 5mg tablets" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Bisoprolol 10mg tablets" }));
    fireEvent.click(screen.getByRole("button", { name: "Add selected (2)" }));
    await screen.findByText(
      /Added 1 pack to Fridge lines\. 1 was left out: not in any month of Part VIIIA, so there are no prices to follow\./,
    );
  });
});
