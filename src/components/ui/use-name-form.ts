"use client";

import { useState, type FormEvent } from "react";

/** What a server action answers: its data, or why not, with a message per field. */
type Answer<T> =
  { ok: true; data: T } | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

/**
 * A form that saves one name through a server action (a key's, a watchlist's): the name typed, the
 * refusal to show (the name field's own, else the action's message), and `busy` while it saves.
 * After a save the name is cleared for the next one, unless `keepName` (a rename).
 */
export function useNameForm<T>({
  initial = "",
  save,
  onSaved,
  keepName = false,
}: {
  initial?: string;
  save: (name: string) => Promise<Answer<T>>;
  /** Called with the action's data and the name as it was sent. */
  onSaved: (data: T, name: string) => void;
  keepName?: boolean;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await save(name);
    setBusy(false);
    if (!result.ok) {
      setError(result.fieldErrors?.name?.[0] ?? result.message);
      return;
    }
    setError(null);
    if (!keepName) setName("");
    onSaved(result.data, name);
  }

  return { name, setName, error, busy, submit };
}

export type NameForm = ReturnType<typeof useNameForm>;
