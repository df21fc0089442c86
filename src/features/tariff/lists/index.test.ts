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
    const inMenu = (["tariff", "reimbursement", "links"] as const).map((group) =>
      listsInMenu(group).map((list) => list.id),
    );
    for (const ids of inMenu) expect(ids).toEqual(listIds.filter((id) => ids.includes(id)));
    expect(inMenu.flat().sort()).toEqual([...listIds].sort());
  });
});
