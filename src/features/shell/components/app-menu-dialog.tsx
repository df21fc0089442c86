"use client";

import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";

import type { NavGroup } from "../menu";
import { AppNavigation } from "./app-navigation";

/** The phone bar's side menu, which the AppHeader loads when the menu is first opened or pointed at. */
export default function AppMenuDialog({
  open,
  onOpenChange,
  openGroup,
  onOpenGroup,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  openGroup: NavGroup["id"] | null;
  onOpenGroup: (group: NavGroup["id"] | null) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="top-0 left-0 flex h-dvh max-h-dvh w-80 max-w-[85vw] translate-x-0 translate-y-0 flex-col rounded-none data-[state=open]:slide-in-from-left">
        <DialogTitle>Menu</DialogTitle>
        <DialogDescription className="sr-only">The TariffScope menu</DialogDescription>
        <AppNavigation
          compact={false}
          openGroup={openGroup}
          onOpenGroup={onOpenGroup}
          onNavigate={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
