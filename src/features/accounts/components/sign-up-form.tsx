"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { EmailField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";

import { getAccountStatus, signUp } from "../actions";
import { signUpSchema, type SignUpInput } from "../schemas";
import { CodeVerification, VerificationComplete } from "./code-verification";
import { NewPasswordField } from "./password-fields";
import { PersonalDetailsFields } from "./personal-details-fields";
import { TermsOverlay } from "./terms-overlay";

type Stage =
  | { step: "details" }
  /** `wait`: the code sent before is still the one to enter, and when another may be asked for. */
  | { step: "code"; email: string; wait?: string }
  | { step: "done"; email: string; subscribed: boolean };

/** Sign-up (product §2.11–§2.12): details, both documents accepted, then the e-mailed code in overlay form B. */
export function SignUpForm({
  licenceAgreement,
  privacyPolicy,
  invitedEmail,
  afterVerification,
}: {
  licenceAgreement: ReactNode;
  privacyPolicy: ReactNode;
  /** Delegate sign-up: the address the invitation went to, which cannot be changed. */
  invitedEmail?: string;
  /** Runs once the code is accepted (the user is then signed in); an error message stops there. */
  afterVerification?: () => Promise<string | null>;
}) {
  const [stage, setStage] = useState<Stage>({ step: "details" });
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: {
      firstName: "",
      lastName: "",
      jobRole: "",
      email: invitedEmail ?? "",
      password: "",
      acceptLicence: false as unknown as true,
      acceptPrivacy: false as unknown as true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [acceptLicence, acceptPrivacy] = useWatch({
    control: form.control,
    name: ["acceptLicence", "acceptPrivacy"],
  });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await signUp(values);
    if (result.ok) {
      setStage({ step: "code", email: result.data.email, wait: result.data.codeWait });
      return;
    }
    for (const [field, messages] of Object.entries(result.fieldErrors ?? {})) {
      form.setError(field as keyof SignUpInput, { message: messages[0] });
    }
    setFormError(result.message);
  });

  const accepted = { acceptLicence, acceptPrivacy };
  /** A document overlay's state and decision, all bound to its one form field. */
  const termsField = (field: keyof typeof accepted) => ({
    accepted: Boolean(accepted[field]),
    onDecision: (decision: boolean) =>
      form.setValue(field, decision as true, { shouldValidate: form.formState.isSubmitted }),
    invalid: errors[field]?.message,
  });

  return (
    <>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <PersonalDetailsFields idPrefix="signup" register={form.register} errors={errors} />
        <EmailField
          id="signup-email"
          readOnly={Boolean(invitedEmail)}
          error={errors.email?.message}
          {...form.register("email")}
        />
        <NewPasswordField
          id="signup-password"
          label="Password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <TermsOverlay
          title="License Agreement"
          description="Please read the licence agreement, then accept or reject it."
          {...termsField("acceptLicence")}
        >
          <div className="prose prose-sm max-w-none">{licenceAgreement}</div>
        </TermsOverlay>
        <TermsOverlay
          title="Privacy Policy"
          description="Please read the privacy policy, then accept or reject it."
          {...termsField("acceptPrivacy")}
        >
          {privacyPolicy}
        </TermsOverlay>
        <p role="alert" className="text-sm text-destructive empty:hidden">
          {formError}
        </p>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner label="Creating your account" />}
          Create account
        </Button>
        <p className="text-center text-sm">
          Already have an account?{" "}
          <Link href="/account-management/signin" className="underline underline-offset-2">
            Log In
          </Link>
        </p>
      </form>
      <Dialog
        open={stage.step !== "details"}
        onOpenChange={(open) => !open && stage.step === "code" && setStage({ step: "details" })}
      >
        <DialogContent showCloseButton={stage.step === "code"}>
          <DialogHeader>
            <DialogTitle>
              {stage.step === "done" ? "Welcome to TariffScope" : "Check your e-mail"}
            </DialogTitle>
            <DialogDescription>
              {stage.step === "done"
                ? "Your account is ready."
                : "We have sent you a six-digit code to confirm your address."}
            </DialogDescription>
          </DialogHeader>
          {stage.step === "code" && (
            <CodeVerification
              email={stage.email}
              form="B"
              notice={stage.wait}
              onVerified={async () => {
                const problem = (await afterVerification?.()) ?? null;
                if (problem) {
                  setFormError(problem);
                  setStage({ step: "details" });
                  return;
                }
                const status = await getAccountStatus({});
                setStage({
                  step: "done",
                  email: stage.email,
                  subscribed: status.ok && status.data.subscribed,
                });
              }}
            />
          )}
          {stage.step === "done" && <VerificationComplete subscribed={stage.subscribed} />}
        </DialogContent>
      </Dialog>
    </>
  );
}
