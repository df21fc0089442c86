"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { useNameForm } from "@/components/ui/use-name-form";

import { createWatchlist } from "../actions";
import { watchlistsPath } from "../paths";
import { watchlistToast } from "./toasts";
import { WatchlistNameForm } from "./watchlist-name-form";

/** Names a new watchlist and opens it. */
export function NewWatchlistForm() {
  const router = useRouter();
  const form = useNameForm({
    save: (name) => createWatchlist({ name }),
    onSaved: ({ watchlistId }, name) => {
      toast.success(`Created ${name.trim()}`, { id: watchlistToast });
      router.push(`${watchlistsPath}?list=${watchlistId}`);
      router.refresh();
    },
  });
  return (
    <WatchlistNameForm
      label="New watchlist"
      form={form}
      placeholder="e.g. Fridge lines"
      button={
        <Button type="submit" disabled={form.busy}>
          Create
        </Button>
      }
    />
  );
}
