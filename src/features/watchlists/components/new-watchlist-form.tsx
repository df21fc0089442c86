"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

import { createWatchlist } from "../actions";
import { watchlistsPath } from "../paths";
import { watchlistToast } from "./toasts";

/** Names a new watchlist and opens it. */
export function NewWatchlistForm() {
  const router = useRouter();
  const id = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await createWatchlist({ name });
    setBusy(false);
    if (!result.ok) {
      setError(result.fieldErrors?.name?.[0] ?? result.message);
      return;
    }
    setError(null);
    setName("");
    toast.success(`Created ${name.trim()}`, { id: watchlistToast });
    router.push(`${watchlistsPath}?list=${result.data.watchlistId}`);
    router.refresh();
  }

  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <label htmlFor={id} className="block text-sm font-medium">
        New watchlist
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="e.g. Fridge lines"
          maxLength={80}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" disabled={busy}>
          Create
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
