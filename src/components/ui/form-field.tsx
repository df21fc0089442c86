import type * as React from "react";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** A labelled input with its error announced to screen readers and linked to the field. */
export function FormField({
  id,
  label,
  error,
  hint,
  ...props
}: React.ComponentProps<typeof Input> & { id: string; label: string; error?: string; hint?: string }) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The e-mail address field, the same wherever an address is asked for. */
export function EmailField(
  props: Omit<React.ComponentProps<typeof FormField>, "label" | "type" | "autoComplete">,
) {
  return <FormField label="Email" type="email" autoComplete="email" {...props} />;
}

/** A change handler that passes the input's text to `set`, then runs `then` (to clear a message, say). */
export function changeTo(set: (value: string) => void, then: () => void) {
  return (event: React.ChangeEvent<HTMLInputElement>) => {
    set(event.target.value);
    then();
  };
}
