"use client";

import type { FieldErrors, UseFormRegister } from "react-hook-form";

import { FormField } from "@/components/ui/form-field";

import type { PersonalDetailsInput } from "../schemas";

/** First name, last name and occupation: the same fields at sign-up and in Account Management. */
export function PersonalDetailsFields<T extends PersonalDetailsInput>({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<PersonalDetailsInput>;
}) {
  const field = register as unknown as UseFormRegister<PersonalDetailsInput>;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${idPrefix}-first-name`}
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...field("firstName")}
        />
        <FormField
          id={`${idPrefix}-last-name`}
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...field("lastName")}
        />
      </div>
      <FormField
        id={`${idPrefix}-job-role`}
        label="Occupation"
        autoComplete="organization-title"
        placeholder="e.g. Pharmacist"
        error={errors.jobRole?.message}
        {...field("jobRole")}
      />
    </>
  );
}
