import { describe, expect, it } from "vitest";

import { searchPartIds } from "@/lib/search-part-ids";

import { listIds, listOfSearchPart, lists, listsInMenu } from ".";

describe("the lists, each described in its own file", () => {
  it("files each list under its own id", () => {
    expect(Object.keys(lists).sort()).toEqual([...listIds].sort());
    for (const id of listIds) expect(lists[id].id).toBe(id);
  });

  it("gives each part of the global search one list", () => {
    for (const part of searchPartIds) {
      const readers = listIds.filter((id) => lists[id].search?.part === part);
      expect(readers, part).toEqual([listOfSearchPart(part).id]);
    }
  });

  it("puts each list in one place of the menu, in the lists' order", () => {
    expect(listsInMenu("tariff").map((list) => list.id)).toEqual([
      "partviiia",
      "partviiib",
      "partviiid",
      "catm",
      "partix",
      "acbs",
    ]);
    const inMenu = (["tariff", "reimbursement", "links"] as const).flatMap((group) =>
      listsInMenu(group).map((list) => list.id),
    );
    expect(inMenu.sort()).toEqual([...listIds].sort());
  });
});
