"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

import { updatePersonalDetails } from "../actions";
import { personalDetailsSchema, type PersonalDetailsInput } from "../schemas";
import { PersonalDetailsFields } from "./personal-details-fields";

export function PersonalDetailsForm({ initial }: { initial: PersonalDetailsInput }) {
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const form = useForm<PersonalDetailsInput>({
    resolver: zodResolver(personalDetailsSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const result = await updatePersonalDetails(values);
    if (result.ok) {
      form.reset(result.data);
      setMessage({ text: "Your details have been saved.", error: false });
    } else {
      setMessage({ text: result.message, error: true });
    }
  });

  return (
    <form noValidate onSubmit={submit} onChange={() => setMessage(null)} className="grid gap-4">
      <PersonalDetailsFields idPrefix="details" register={form.register} errors={errors} />
      <p role="status" className={message?.error ? "text-sm text-destructive" : "text-sm text-primary"}>
        {message?.text}
      </p>
      <Button type="submit" className="justify-self-start" disabled={isSubmitting || !form.formState.isDirty}>
        {isSubmitting && <Spinner label="Saving" />}
        Save details
      </Button>
    </form>
  );
}
