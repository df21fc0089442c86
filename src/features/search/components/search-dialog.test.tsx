import { act, render, screen, within } from "@testing-library/react";
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
import type { Edition } from "@/lib/tariff-vocabulary";

import type { SearchPartId } from "../parts";
import { SearchDialogProvider } from "./search-dialog";

const router = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock("next/navigation", () => ({ useRouter: () => router }));
const actions = vi.hoisted(() => ({
  saveSearchParts: vi.fn(async (input: { off: string[] }) => ({ ok: true as const, data: input })),
}));
vi.mock("../actions", () => actions);

stubLayoutForCmdk();
loadSearchDialogFirst();

function renderApp(edition: Edition = 1, partsOff: SearchPartId[] = []) {
  render(
    <SubscriptionProvider initial={{ user: searchUser, subscribed: true, edition, delegate: false }}>
      <SearchDialogProvider partsOff={partsOff}>
        <SearchOpener />
      </SearchDialogProvider>
    </SubscriptionProvider>,
  );
}

const section = (part: string, title: string, names: string[]) => ({
  part,
  title,
  description: `${title} description`,
  total: names.length,
  viewAllHref: `/list/${part}?searchTerm=x`,
  results: names.map((name, index) => ({
    name,
    pack: "28 tablet",
    category: part === "viiia" ? "Category C" : null,
    code: `${part}${index}`,
    href: `/drug-info/${part}${index}`,
    pricePence: 150,
    netPricePence: 120,
    concessionPence: null,
  })),
});

type Pending = { url: URL; signal: AbortSignal; resolve: (body: unknown) => void };
let pending: Pending[];

beforeEach(() => {
  actions.saveSearchParts.mockClear();
  pending = [];
  router.push.mockReset();
  vi.stubGlobal(
    "fetch",
    vi.fn(
      (input: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const signal = init.signal!;
          signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          pending.push({
            url: new URL(input, "http://localhost"),
            signal,
            resolve: (body) => resolve(new Response(JSON.stringify(body), { status: 200 })),
          });
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

const searchBox = () => screen.getByRole("combobox", { name: "Search the whole of TariffScope" });

describe("the global search dialog", () => {
  it("opens with Ctrl+K and with the menu's search box, and Escape closes it and gives focus back", async () => {
    const u = userEvent.setup();
    renderApp();
    await openSearchWithKeys(u);
    expect(searchBox()).toHaveFocus();
    expect(searchBox()).toHaveAttribute("placeholder", "Search the whole of TariffScope");
    await u.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    await u.click(screen.getByRole("button", { name: "Open search" }));
    expect(searchBox()).toHaveFocus();
    // Ctrl+K again while it is open still gives focus back to where the search was opened from.
    await u.keyboard("{Control>}k{/Control}");
    await u.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Open search" })).toHaveFocus();
  });

  it("enables the Search button from 3 characters and searches from 2", async () => {
    const u = userEvent.setup();
    renderApp();
    await openSearchWithKeys(u);
    await u.type(searchBox(), "a");
    expect(screen.getByRole("button", { name: "Search" })).toBeDisabled();
    await u.keyboard("{Enter}");
    expect(pending).toHaveLength(0);
    await u.type(searchBox(), "m");
    expect(screen.getByRole("button", { name: "Search" })).toBeDisabled();
    await u.keyboard("{Enter}");
    expect(pending.at(-1)!.url.searchParams.get("q")).toBe("am");
    await u.type(searchBox(), "o");
    expect(screen.getByRole("button", { name: "Search" })).toBeEnabled();
  });

  it("never lets an older answer replace a newer one: the older request is cancelled", async () => {
    const u = userEvent.setup();
    renderApp();
    await openSearchWithKeys(u);
    await u.type(searchBox(), "amo");
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    await u.type(searchBox(), "x");
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    const [older, newer] = pending;
    expect(older!.signal.aborted).toBe(true);
    await act(async () =>
      newer!.resolve({ sections: [section("viiia", "Part VIIIA", ["Amoxicillin 500mg capsules"])] }),
    );
    await act(async () =>
      older!.resolve({ sections: [section("viiia", "Part VIIIA", ["Amoebic old answer"])] }),
    );
    const group = await screen.findByRole("group", { name: /^Part VIIIA:/ });
    expect(
      within(group)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([
      expect.stringContaining("Amoxicillin 500mg capsules"),
      expect.stringContaining("View all results"),
    ]);
    expect(screen.queryByText(/Amoebic/)).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("1 result for amox in 1 part");
  });

  it("says 'No Results Found' for an empty part, and opens a result with Enter, closing the dialog", async () => {
    const u = userEvent.setup();
    renderApp();
    await openSearchWithKeys(u);
    await u.type(searchBox(), "amox");
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    await act(async () =>
      pending[0]!.resolve({
        sections: [
          section("viiia", "Part VIIIA", ["Amoxicillin 250mg", "Amoxicillin 500mg"]),
          section("ix", "Part IX", []),
        ],
      }),
    );
    expect(await screen.findByRole("group", { name: "No Results Found in Part IX" })).toBeTruthy();
    const viiia = screen.getByRole("group", { name: /^Part VIIIA:/ });
    expect(within(viiia).getAllByRole("option")[0]).toHaveTextContent(
      /Amoxicillin 250mg · 28 tablet · Category C/,
    );
    await u.keyboard("{ArrowDown}{Enter}");
    expect(router.push).toHaveBeenCalledWith("/drug-info/viiia1");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("lists the parts with results first, and folds the empty ones into one line", async () => {
    const u = userEvent.setup();
    renderApp();
    await openSearchWithKeys(u);
    await u.type(searchBox(), "colostomy");
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    await act(async () =>
      pending[0]!.resolve({
        sections: [
          section("viiia", "Part VIIIA", []),
          section("viiib", "Part VIIIB", []),
          section("catm", "Category M", []),
          section("ix", "Part IX", ["Colostomy bag closed", "Colostomy bag drainable"]),
          section("concessions", "Price Concessions", []),
        ],
      }),
    );
    const list = await screen.findByRole("listbox", { name: "Search results" });
    const groups = within(list).getAllByRole("group");
    // Each group's name, as assistive technology reads it: its heading.
    const names = groups.map(
      (group) => document.getElementById(group.getAttribute("aria-labelledby")!)!.textContent,
    );
    expect(names).toEqual([
      expect.stringMatching(/^Part IX: 2 results/),
      "No Results Found in Part VIIIA, Part VIIIB, Category M and Price Concessions",
    ]);
    expect(within(groups[1]!).queryAllByRole("option")).toEqual([]);
    expect(within(list).queryByText("No Results Found")).toBeNull();
    // The keyboard starts at the first result there is, and moves through the part's results.
    await vi.waitFor(() =>
      expect(within(groups[0]!).getAllByRole("option")[0]).toHaveAttribute("aria-selected", "true"),
    );
    await u.keyboard("{ArrowDown}{Enter}");
    expect(router.push).toHaveBeenCalledWith("/drug-info/ix1");
  });

  it("searches only the parts ticked, and saves the choice for the user", async () => {
    const u = userEvent.setup();
    renderApp();
    await openSearchWithKeys(u);
    await u.click(screen.getByRole("button", { name: "Select Parts to Search" }));
    await u.click(screen.getByRole("checkbox", { name: "Part IX" }));
    await u.type(searchBox(), "amox");
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    expect(pending[0]!.url.searchParams.get("parts")).toBe("viiia,viiib,viiid,catm,acbs,brands,concessions");
    expect(actions.saveSearchParts).toHaveBeenCalledWith({ off: ["ix"] });
  });

  it("starts from the parts the user's profile has switched off", async () => {
    const u = userEvent.setup();
    renderApp(1, ["viiib", "concessions"]);
    await openSearchWithKeys(u);
    await u.click(screen.getByRole("button", { name: "Select Parts to Search" }));
    expect(screen.getByRole("checkbox", { name: "Part VIIIB" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Price Concessions" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Part VIIIA" })).toBeChecked();
    expect(actions.saveSearchParts).not.toHaveBeenCalled();
  });
});

describe("the global search dialog for Northern Ireland", () => {
  it("offers no Part VIIIB or VIIID, and names the parts as Northern Ireland does", async () => {
    const u = userEvent.setup();
    renderApp(2);
    await openSearchWithKeys(u);
    await u.click(screen.getByRole("button", { name: "Select Parts to Search" }));
    const names = screen.getAllByRole("checkbox").map((box) => box.closest("label")!.textContent);
    expect(names).toEqual([
      "Part I",
      "Category M",
      "Part II & III",
      "Part X / Borderline Substances",
      "Branded Products",
      "Price Concessions",
    ]);
  });
});
