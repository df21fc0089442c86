"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";

import { editions, type Edition } from "@/lib/tariff-vocabulary";
import { cn } from "@/lib/utils";

import { updateEdition } from "../actions";
import { useSubscription } from "./subscription-provider";

/** product §4: the profile is updated first; the choice on screen changes only once that succeeded. */
export function EditionSelect() {
  const { edition, setEdition } = useSubscription();
  const router = useRouter();
  // The menu and the account page can both show this choice: each needs its own radio group.
  const groupName = useId();
  const [pending, setPending] = useState<Edition | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(next: Edition) {
    if (next === edition || pending) return;
    setPending(next);
    setError(null);
    const result = await updateEdition({ edition: next });
    setPending(null);
    if (result.ok) {
      setEdition(result.data.edition);
      // Server-rendered pages read the edition from the profile: fetch them again.
      router.refresh();
    } else setError(`Your country was not changed: ${result.message}`);
  }

  return (
    <fieldset className="grid gap-2" aria-busy={pending !== null}>
      <legend className="mb-1 text-sm font-medium">Select Country</legend>
      <div className="flex flex-wrap gap-2">
        {editions.map((option) => (
          <label
            key={option.id}
            className={cn(
              "flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
              option.id === edition && "border-primary bg-accent",
            )}
          >
            <input
              type="radio"
              name={groupName}
              value={option.id}
              checked={option.id === edition}
              onChange={() => choose(option.id)}
              className="accent-[var(--primary)]"
            />
            {option.name}
          </label>
        ))}
      </div>
      <p role="alert" className="text-sm text-destructive empty:hidden">
        {error}
      </p>
    </fieldset>
  );
}
