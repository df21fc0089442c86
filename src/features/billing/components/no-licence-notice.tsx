import { EmailAddress } from "@/components/ui/email-address";

/**
 * Why a signed-in user is choosing a plan: they have no active licence. Either they buy one, or
 * their organisation's admin adds them to the licence it already has.
 */
export function NoLicenceNotice({ email, lapsed }: { email: string; lapsed: boolean }) {
  return (
    <div
      role="status"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <p className="font-semibold">
        {lapsed
          ? "Your organisation's licence is no longer active, so the price lists are closed to you for now."
          : "You have no active licence yet, so the price lists are closed to you for now."}
      </p>
      <p>
        Choose a plan below, or, if your organisation already has a licence, ask your organisation&apos;s
        admin to add you. They will need the e-mail address you log in with:{" "}
        <strong>
          <EmailAddress email={email} />
        </strong>
        .
      </p>
    </div>
  );
}
