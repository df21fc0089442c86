"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DialogFrame } from "@/components/ui/dialog-frame";

import type { LicenceDetails, LicenceUser } from "../queries";
import { LicenceUsersTable } from "./licence-users-table";
import { RemoveUserDialog } from "./remove-user-dialog";

/**
 * product §2.15: shown whenever the licence has more users than seats (e.g. after seats were reduced in
 * the billing portal). It cannot be dismissed; Continue to App (`onContinue`) is enabled only once within
 * the limit. LazyOverLimitModal loads it while it is open.
 */
export default function OverLimitModal({
  overLimit,
  admin,
  licence,
  upgrade,
  onContinue,
}: {
  overLimit: boolean;
  admin: boolean;
  licence: LicenceDetails | null;
  upgrade?: ReactNode;
  onContinue: () => void;
}) {
  const router = useRouter();
  const [removing, setRemoving] = useState<LicenceUser | null>(null);
  const [checking, setChecking] = useState(false);

  return (
    <Dialog open>
      <DialogFrame
        blocking
        className="max-w-3xl"
        title="Number of users exceeds the user limit on your current plan"
        description={
          admin
            ? "Please remove users to carry on using TariffScope, or upgrade your plan."
            : "Please contact an Admin from your Organisation who will need to reduce the number of users or change the current plan"
        }
        footer={
          <>
            {admin ? (
              upgrade
            ) : (
              <Button
                variant="outline"
                disabled={checking}
                onClick={() => {
                  setChecking(true);
                  router.refresh();
                  setTimeout(() => setChecking(false), 1_000);
                }}
              >
                Check again
              </Button>
            )}
            <Button disabled={overLimit} onClick={onContinue}>
              Continue to App
            </Button>
          </>
        }
      >
        {admin && licence && (
          <>
            <p className="text-sm">
              {licence.users.length} users on a plan for {licence.seats}.
            </p>
            <LicenceUsersTable users={licence.users} onRemove={setRemoving} />
            <RemoveUserDialog
              user={removing}
              organisation={licence.organisation ?? "No Organisation"}
              onClose={() => setRemoving(null)}
              onRemoved={() => router.refresh()}
            />
          </>
        )}
      </DialogFrame>
    </Dialog>
  );
}
