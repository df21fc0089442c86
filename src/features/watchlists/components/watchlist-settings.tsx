"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DialogFrame } from "@/components/ui/dialog-frame";
import { useNameForm } from "@/components/ui/use-name-form";

import { deleteWatchlist, renameWatchlist, shareWatchlist } from "../actions";
import { watchlistsPath } from "../paths";
import { watchlistToast } from "./toasts";
import { WatchlistNameForm } from "./watchlist-name-form";

/** Rename, share with the licence (owner only) and delete one watchlist. */
export function WatchlistSettings({
  watchlist,
  canShare,
}: {
  watchlist: { id: string; name: string; shared: boolean; isOwner: boolean };
  /** The owner is on a licence, so there is someone to share with. */
  canShare: boolean;
}) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [acting, setBusy] = useState(false);
  const naming = useNameForm({
    initial: watchlist.name,
    keepName: true,
    save: (name) => renameWatchlist({ watchlistId: watchlist.id, name }),
    onSaved: (renamed) => {
      toast.success(`Renamed to ${renamed.name}`, { id: watchlistToast });
      router.refresh();
    },
  });
  // One change at a time: renaming, sharing or deleting.
  const busy = acting || naming.busy;

  async function share(shared: boolean) {
    setBusy(true);
    const result = await shareWatchlist({ watchlistId: watchlist.id, shared });
    setBusy(false);
    if (!result.ok) {
      toast.error(result.message, { id: watchlistToast });
      return;
    }
    toast.success(shared ? "Shared with your licence" : "No longer shared", { id: watchlistToast });
    router.refresh();
  }

  async function remove() {
    setBusy(true);
    const result = await deleteWatchlist({ watchlistId: watchlist.id });
    setBusy(false);
    setConfirming(false);
    if (!result.ok) {
      toast.error(result.message, { id: watchlistToast });
      return;
    }
    toast.success(`Deleted ${watchlist.name}`, { id: watchlistToast });
    router.push(watchlistsPath);
    router.refresh();
  }

  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
      <WatchlistNameForm
        label="Name"
        form={naming}
        inputClassName="w-56"
        button={
          <Button type="submit" variant="outline" disabled={busy || naming.name.trim() === watchlist.name}>
            Rename
          </Button>
        }
      />
      {watchlist.isOwner && canShare && (
        <label className="flex min-h-10 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4"
            checked={watchlist.shared}
            disabled={busy}
            onChange={(event) => share(event.target.checked)}
          />
          Share with everyone on my licence
        </label>
      )}
      <Button variant="outline" onClick={() => setConfirming(true)} disabled={busy}>
        Delete watchlist
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogFrame
          title={<>Delete {watchlist.name}?</>}
          description={
            <>
              The watchlist and the packs on it are removed
              {watchlist.shared ? " for everyone on your licence" : ""}. The packs themselves stay in the
              tariff.
            </>
          }
          footer={
            <>
              <Button variant="outline" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button variant="destructive" onClick={remove} disabled={busy}>
                Delete
              </Button>
            </>
          }
        />
      </Dialog>
    </div>
  );
}
