"use client";

import { useId, type ReactNode } from "react";

import { Input } from "@/components/ui/input";
import type { NameForm } from "@/components/ui/use-name-form";

/** A watchlist's name, typed to make a new one or to rename one, with the button that saves it. */
export function WatchlistNameForm({
  label,
  form: { name, setName, error, submit },
  placeholder,
  inputClassName,
  button,
}: {
  label: string;
  form: NameForm;
  placeholder?: string;
  inputClassName?: string;
  /** The submit button. */
  button: ReactNode;
}) {
  const id = useId();
  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder={placeholder}
          maxLength={80}
          className={inputClassName}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {button}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
