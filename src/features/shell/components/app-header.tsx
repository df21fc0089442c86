"use client";

import { Menu, Search } from "lucide-react";
import { useState } from "react";

import { Logo } from "@/components/layout/logo";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { useSearchDialog } from "@/features/search/components/search-dialog";

import type { NavGroup } from "../menu";
import { AppNavigation } from "./app-navigation";

/**
 * The mobile bar: below 768px signed-in users get a search button (the global search) and a side menu holding
 * the same entries as the desktop sidebar.
 */
export function AppHeader() {
  const [open, setOpen] = useState(false);
  const [openGroup, setOpenGroup] = useState<NavGroup["id"] | null>(null);
  const { openSearch } = useSearchDialog();

  return (
    <header className="sticky top-0 z-30 border-b bg-background md:hidden">
      <div className="flex h-14 items-center justify-between gap-2 px-3">
        <Logo />
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" aria-label="Search" data-tour="search" onClick={openSearch}>
            <Search aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Open menu"
            data-tour="menu"
            onClick={() => setOpen(true)}
          >
            <Menu aria-hidden="true" />
          </Button>
        </div>
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="top-0 left-0 flex h-dvh max-h-dvh w-80 max-w-[85vw] translate-x-0 translate-y-0 flex-col rounded-none data-[state=open]:slide-in-from-left">
          <DialogTitle>Menu</DialogTitle>
          <DialogDescription className="sr-only">The TariffScope menu</DialogDescription>
          <AppNavigation
            compact={false}
            openGroup={openGroup}
            onOpenGroup={setOpenGroup}
            onNavigate={() => setOpen(false)}
          />
        </DialogContent>
      </Dialog>
    </header>
  );
}
