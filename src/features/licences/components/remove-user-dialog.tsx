"use client";

import { toast } from "sonner";

import { ConfirmDialog } from "@/components/ui/dialog-frame";

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
  return (
    <ConfirmDialog
      open={user !== null}
      title={<>Remove User from {organisation}</>}
      description={<>Are you sure you want to remove {user?.email}?</>}
      confirmLabel="Remove"
      busyLabel="Removing"
      action={() => removeLicenceUser({ userId: user!.id })}
      onDone={() => {
        toast.error("User Removed", {
          description: "Selected User has been removed your License",
          id: manageUsersToast,
        });
        onRemoved();
      }}
      onClose={onClose}
    />
  );
}
