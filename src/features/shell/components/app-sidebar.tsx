"use client";

import { useRef, useState } from "react";

import { Logo } from "@/components/layout/logo";
import { cn } from "@/lib/utils";

import type { NavGroup } from "../menu";
import { AppNavigation } from "./app-navigation";

/** product §9: how long the pointer rests on the collapsed sidebar before it opens. */
export const sidebarHoverDelayMs = 400;

/**
 * The desktop sidebar (product §2.7): a narrow rail that opens over the page on hover (after a short
 * rest, so passing the pointer over it does nothing) or at once on keyboard focus, and on leaving,
 * or when a link in it is followed, collapses and closes every group.
 */
export function AppSidebar() {
  const [expanded, setExpanded] = useState(false);
  const [openGroup, setOpenGroup] = useState<NavGroup["id"] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const collapse = () => {
    clearTimeout(timer.current);
    setExpanded(false);
    setOpenGroup(null);
  };

  return (
    <aside
      aria-label="Platform menu"
      data-tour="menu"
      data-expanded={expanded}
      onMouseEnter={() => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setExpanded(true), sidebarHoverDelayMs);
      }}
      onMouseLeave={collapse}
      onFocus={() => setExpanded(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) collapse();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") collapse();
      }}
      // A link chosen from the open menu closes it, so the page it leads to is not under the menu.
      onClick={(event) => {
        if ((event.target as Element).closest("a[href]")) collapse();
      }}
      className={cn(
        "fixed inset-y-0 left-0 z-40 hidden flex-col gap-4 border-r bg-background px-2 py-4 transition-[width] duration-200 md:flex",
        expanded ? "w-72 shadow-xl" : "w-16",
      )}
    >
      <div className={cn("px-2", !expanded && "[&_span]:sr-only")}>
        <Logo />
      </div>
      <AppNavigation
        compact={!expanded}
        openGroup={openGroup}
        onOpenGroup={(group) => {
          setExpanded(true);
          setOpenGroup(group);
        }}
      />
    </aside>
  );
}
