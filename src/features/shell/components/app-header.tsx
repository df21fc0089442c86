"use client";

import { Menu, Search } from "lucide-react";
import { lazy, Suspense, useState } from "react";

import { Logo } from "@/components/layout/logo";
import { Button } from "@/components/ui/button";
import { useSearchDialog } from "@/features/search/components/search-dialog";

import type { NavGroup } from "../menu";

/** The side menu's dialog (Radix's): fetched when its button is first pointed at, focused or pressed. */
const AppMenuDialog = lazy(() => import("./app-menu-dialog"));

/**
 * The mobile bar: below 768px signed-in users get a search button (the global search) and a side menu holding
 * the same entries as the desktop sidebar.
 */
export function AppHeader() {
  const [open, setOpen] = useState(false);
  // Mounted closed on pointing at or focusing its button, so that a press opens it at once; it stays mounted.
  const [mounted, setMounted] = useState(false);
  const mount = () => setMounted(true);
  const [openGroup, setOpenGroup] = useState<NavGroup["id"] | null>(null);
  const { openSearch, prefetchSearch } = useSearchDialog();

  return (
    <header className="sticky top-0 z-30 border-b bg-background md:hidden">
      <div className="flex h-14 items-center justify-between gap-2 px-3">
        <Logo />
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Search"
            data-tour="search"
            onClick={openSearch}
            onPointerEnter={prefetchSearch}
            onFocus={prefetchSearch}
          >
            <Search aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Open menu"
            data-tour="menu"
            onClick={() => {
              setOpen(true);
              setMounted(true);
            }}
            onPointerEnter={mount}
            onFocus={mount}
          >
            <Menu aria-hidden="true" />
          </Button>
        </div>
      </div>
      {mounted && (
        <Suspense fallback={null}>
          <AppMenuDialog
            open={open}
            onOpenChange={setOpen}
            openGroup={openGroup}
            onOpenGroup={setOpenGroup}
          />
        </Suspense>
      )}
    </header>
  );
}
