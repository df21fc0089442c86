import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import {
  loadSearchDialogFirst,
  openSearchWithKeys,
  searchUser,
  SearchOpener,
  stubLayoutForCmdk,
} from "@tests/fixtures/search-dialog";
import { SubscriptionProvider } from "@/features/accounts/components/subscription-provider";
import { SearchDialogProvider } from "@/features/search/components/search-dialog";

import { packOfHref, SearchResultWatch } from "./search-watch-add";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }) }));
vi.mock("@/features/search/actions", () => ({
  saveSearchParts: vi.fn(async (input: { off: string[] }) => ({ ok: true, data: input })),
}));
const actions = vi.hoisted(() => ({ addToWatchlist: vi.fn() }));
vi.mock("../actions", () => actions);

stubLayoutForCmdk();
loadSearchDialogFirst();

const result = (name: string, href: string) => ({
  name,
  pack: "28 tablet",
  category: null,
  code: href.split("/").pop(),
  href,
  pricePence: 150,
  netPricePence: null,
  concessionPence: null,
});

const sections = [
  {
    part: "brands",
    title: "Branded Products",
    description: "dm+d's branded packs",
    total: 1,
    viewAllHref: "/brands?searchTerm=istin",
    results: [result("Istin 5mg tablets", "/brand-info/3000001")],
  },
  {
    part: "viiib",
    title: "Part VIIIB",
    description: "Specials",
    total: 1,
    viewAllHref: "/drug-tariff-parts/partviiib-specials?searchTerm=istin",
    results: [result("Istin oral suspension", "/drug-tariff-parts/partviiib-specials?searchTerm=istin")],
  },
];

beforeEach(() => {
  actions.addToWatchlist.mockReset();
  actions.addToWatchlist.mockResolvedValue({
    ok: true,
    data: { watchlistId: "list-1", watchlistName: "My watchlist", added: true },
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ sections }), { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function searchFor(term: string) {
  const u = userEvent.setup();
  render(
    <SubscriptionProvider initial={{ user: searchUser, subscribed: true, edition: 1, delegate: false }}>
      <SearchDialogProvider partsOff={[]} resultActions={<SearchResultWatch />}>
        <SearchOpener />
      </SearchDialogProvider>
    </SubscriptionProvider>,
  );
  await u.type(await openSearchWithKeys(u), term);
  await screen.findByRole("group", { name: /^Branded Products:/ });
  return u;
}

const addButton = () => screen.getByRole("button", { name: "Add to watchlist" });

// Each test types, waits out the search's pause and answers through the dialog: on a loaded machine
// that has taken longer than the default 5 s.
describe("adding the search's highlighted result to a watchlist", { timeout: 20_000 }, () => {
  it("adds the highlighted pack with Alt+W while typing, announces it, and the link closes the search", async () => {
    const u = await searchFor("istin");
    const bar = screen.getByRole("group", { name: "Highlighted result" });
    expect(bar).toHaveTextContent("Highlighted: Istin 5mg tablets · 28 tablet");
    // Outside the listbox: an option holds no control.
    expect(within(screen.getByRole("listbox")).queryByRole("button")).toBeNull();
    expect(addButton()).toHaveAttribute("aria-keyshortcuts", "Alt+W");
    await u.keyboard("{Alt>}w{/Alt}");
    expect(actions.addToWatchlist).toHaveBeenCalledWith({ kind: "brand", code: "3000001" });
    expect(await within(bar).findByText(/Added Istin 5mg tablets to My watchlist\./)).toBeTruthy();
    await u.click(within(bar).getByRole("link", { name: "View watchlist" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("offers nothing for a result with no pack page or for 'View all', and adds from the keyboard by its button", async () => {
    const u = await searchFor("istin");
    await u.keyboard("{ArrowDown}");
    expect(addButton()).toBeDisabled();
    await u.keyboard("{ArrowDown}");
    expect(addButton()).toBeDisabled();
    expect(screen.getByRole("group", { name: "Highlighted result" })).toHaveTextContent(
      "Highlight a drug, appliance or branded pack to add it to a watchlist.",
    );
    await u.keyboard("{Alt>}w{/Alt}");
    expect(actions.addToWatchlist).not.toHaveBeenCalled();

    await u.keyboard("{ArrowUp}{ArrowUp}");
    actions.addToWatchlist.mockResolvedValue({
      ok: true,
      data: { watchlistId: "list-1", watchlistName: "My watchlist", added: false },
    });
    addButton().focus();
    await u.keyboard("{Enter}");
    expect(actions.addToWatchlist).toHaveBeenCalledWith({ kind: "brand", code: "3000001" });
    expect(await screen.findByText(/Istin 5mg tablets is already on My watchlist\./)).toBeTruthy();
    // Enter on the button pressed it, not the highlighted option: the search is still open.
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("shows a refusal as the server words it", async () => {
    actions.addToWatchlist.mockResolvedValue({
      ok: false,
      code: "subscription_required",
      message: "Subscribe to keep watchlists.",
    });
    const u = await searchFor("istin");
    await u.keyboard("{Alt>}w{/Alt}");
    expect(await screen.findByText("Subscribe to keep watchlists.")).toBeTruthy();
  });
});

describe("packOfHref", () => {
  it("reads the kind and code of a product page, and nothing of a list's page", () => {
    expect(packOfHref("/drug-info/1000001")).toEqual({ kind: "drug", code: "1000001" });
    expect(packOfHref("/appliance-info/2000001")).toEqual({ kind: "appliance", code: "2000001" });
    expect(packOfHref("/brand-info/3000001")).toEqual({ kind: "brand", code: "3000001" });
    expect(packOfHref("/brands?searchTerm=istin")).toBeNull();
    expect(packOfHref("/drug-tariff-parts/partviiib-specials")).toBeNull();
  });
});
