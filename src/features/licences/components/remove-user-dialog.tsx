"use client";

import { useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";

import { removeLicenceUser } from "../actions";
import type { LicenceUser } from "../queries";
import { manageUsersToast } from "./toasts";

/** product §2.13 confirm dialog: 'Remove User from' + organisation, 'Are you sure you want to remove' + e-mail + '?'. */
export function RemoveUserDialog({
  user,
  organisation,
  onClose,
  onRemoved,
}: {
  user: LicenceUser | null;
  organisation: string;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    if (!user) return;
    setBusy(true);
    const result = await removeLicenceUser({ userId: user.id });
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    toast.error("User Removed", {
      description: "Selected User has been removed your License",
      id: manageUsersToast,
    });
    onRemoved();
    onClose();
  }

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(null);
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove User from {organisation}</DialogTitle>
          <DialogDescription>Are you sure you want to remove {user?.email}?</DialogDescription>
        </DialogHeader>
        <p role="alert" className="text-sm text-destructive empty:hidden">
          {error}
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={remove} disabled={busy}>
            {busy && <Spinner label="Removing" />}
            Remove
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
