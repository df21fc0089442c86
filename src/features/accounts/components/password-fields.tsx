"use client";

import type * as React from "react";

import { passwordLimits } from "@/lib/security/password-policy";

import { FormField } from "@/components/ui/form-field";

type PasswordFieldProps = Omit<React.ComponentProps<typeof FormField>, "label" | "type" | "hint"> & {
  label?: string;
};

/** A field for choosing a password, with the policy stated where it is needed (R8). */
export function NewPasswordField({ id, label = "New password", ...props }: PasswordFieldProps) {
  return (
    <FormField
      id={id}
      label={label}
      type="password"
      autoComplete="new-password"
      hint={`At least ${passwordLimits.min} characters; ${passwordLimits.recommended} or more is recommended. A few unrelated words make a strong password.`}
      {...props}
    />
  );
}

/** A field for the password the account has now, which a password manager may fill in. */
export function CurrentPasswordField({ id, label = "Current password", ...props }: PasswordFieldProps) {
  return <FormField id={id} label={label} type="password" autoComplete="current-password" {...props} />;
}
