import { describe, expect, it } from "vitest";

import { copyText, loadOrder } from "./export";

describe("copyText", () => {
  it("writes null as \\N and escapes what would end a value, a row or an escape", () => {
    expect(copyText(null)).toBe("\\N");
    expect(copyText("a\tb\nc\rd\\e")).toBe("a\\tb\\nc\\rd\\\\e");
    expect(copyText("\\N")).toBe("\\\\N");
    expect(copyText("O'Brien — Café ＝1")).toBe("O'Brien — Café ＝1");
  });
});

describe("loadOrder", () => {
  it("puts every table after the tables its foreign keys point at", () => {
    const order = loadOrder(
      ["watchlist_items", "watchlists", "profiles", "auth_user", "licenses"],
      [
        { from: "watchlist_items", to: "watchlists" },
        { from: "watchlists", to: "profiles" },
        { from: "profiles", to: "auth_user" },
        { from: "profiles", to: "licenses" },
      ],
    );
    const at = (table: string) => order.indexOf(table);
    expect(order).toHaveLength(5);
    expect(at("auth_user")).toBeLessThan(at("profiles"));
    expect(at("licenses")).toBeLessThan(at("profiles"));
    expect(at("profiles")).toBeLessThan(at("watchlists"));
    expect(at("watchlists")).toBeLessThan(at("watchlist_items"));
  });

  it("loads a table that refers to itself, and refuses a cycle between tables", () => {
    expect(loadOrder(["tree"], [{ from: "tree", to: "tree" }])).toEqual(["tree"]);
    expect(() =>
      loadOrder(
        ["a", "b"],
        [
          { from: "a", to: "b" },
          { from: "b", to: "a" },
        ],
      ),
    ).toThrow(/cycle between: a, b/);
  });
});
