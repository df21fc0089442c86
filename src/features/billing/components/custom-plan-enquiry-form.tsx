"use client";

import { useId, useState, type ComponentProps } from "react";

import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { FormField } from "@/components/ui/form-field";
import { cn } from "@/lib/utils";

import { submitCustomPlanEnquiry } from "../actions";
import { customPlanThreshold } from "../plans";

type Fields = "name" | "email" | "organisation" | "seats" | "message";
type Status =
  | { state: "idle" | "loading" | "sent" }
  | { state: "error"; message: string; fieldErrors: Partial<Record<Fields, string[]>> };

const inputs: ({ field: Exclude<Fields, "message">; label: string } & ComponentProps<"input">)[] = [
  { field: "name", label: "Your name", autoComplete: "name" },
  { field: "email", label: "Email", type: "email", autoComplete: "email" },
  { field: "organisation", label: "Organisation name", autoComplete: "organization" },
  {
    field: "seats",
    label: "Number of users",
    type: "number",
    inputMode: "numeric",
    min: customPlanThreshold + 1,
  },
];

/** More than 10 users: the enquiry goes to our sales team, who reply by e-mail (product §1). */
export function CustomPlanEnquiryForm() {
  const [values, setValues] = useState({ name: "", email: "", organisation: "", seats: "", message: "" });
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const messageId = useId();

  if (status.state === "sent")
    return (
      <p role="status" className="rounded-md border border-primary/40 bg-accent p-4">
        Thank you. We have your enquiry and will reply by e-mail within one working day.
      </p>
    );

  const fieldError = (field: Fields) =>
    status.state === "error" ? status.fieldErrors[field]?.[0] : undefined;
  const update = (field: Fields) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const loading = status.state === "loading";

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        setStatus({ state: "loading" });
        try {
          const result = await submitCustomPlanEnquiry({
            name: values.name,
            email: values.email.trim(),
            organisation: values.organisation,
            seats: values.seats.trim() === "" ? Number.NaN : Number(values.seats),
            ...(values.message.trim() && { message: values.message }),
          });
          setStatus(
            result.ok
              ? { state: "sent" }
              : { state: "error", message: result.message, fieldErrors: result.fieldErrors ?? {} },
          );
        } catch {
          setStatus({
            state: "error",
            message: "Your enquiry could not be sent. Please try again.",
            fieldErrors: {},
          });
        }
      }}
    >
      <h2 className="text-lg font-semibold">Ask for a custom plan</h2>
      <p className="text-sm text-muted-foreground">
        Tell us about your organisation and we will put together a plan for more than {customPlanThreshold}{" "}
        users.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {inputs.map(({ field, ...input }) => (
          <FormField
            key={field}
            id={`enquiry-${field}`}
            {...input}
            value={values[field]}
            onChange={update(field)}
            error={fieldError(field)}
            disabled={loading}
          />
        ))}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={messageId}>Anything else we should know (optional)</Label>
        <textarea
          id={messageId}
          rows={4}
          maxLength={2000}
          value={values.message}
          onChange={update("message")}
          disabled={loading}
          aria-invalid={fieldError("message") ? true : undefined}
          className="w-full rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm"
        />
      </div>
      <Button type="submit" disabled={loading} aria-busy={loading || undefined}>
        {loading && <Spinner label="Sending" />}
        Send enquiry
      </Button>
      <p role="alert" className={cn("text-sm", status.state === "error" ? "text-destructive" : "sr-only")}>
        {status.state === "error" ? status.message : ""}
      </p>
    </form>
  );
}
