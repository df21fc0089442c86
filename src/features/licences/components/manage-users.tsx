"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

import type { LicenceDetails, LicenceUser } from "../queries";
import { AddUserDialog } from "./add-user-dialog";
import { LicenceUsersTable } from "./licence-users-table";
import { PendingRequests } from "./pending-requests";
import { RemoveUserDialog } from "./remove-user-dialog";

/** The Manage Users screen (product §2.13). The list reloads from the server after every change. */
export function ManageUsers({ licence, upgrade }: { licence: LicenceDetails; upgrade?: ReactNode }) {
  const router = useRouter();
  const [removing, setRemoving] = useState<LicenceUser | null>(null);
  const organisation = licence.organisation ?? "No Organisation";
  const remaining = Math.max(0, licence.seats - licence.users.length);
  const reload = () => router.refresh();

  return (
    // One column that may shrink below its content, so a wide table scrolls within its card, not the page.
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>License details</CardTitle>
          <CardDescription>Your organisation&apos;s licence and its seats.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-muted-foreground">Organisation</dt>
              <dd className="font-medium">{organisation}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Current Plan</dt>
              <dd className="font-medium">
                {licence.seats} {licence.seats === 1 ? "user" : "users"}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Remaining Spaces</dt>
              <dd className="font-medium">{remaining}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div>
            <CardTitle>Users</CardTitle>
            <CardDescription>
              {licence.users.length} of {licence.seats} seats used
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            {upgrade}
            <AddUserDialog disabled={licence.users.length >= licence.seats} onChanged={reload} />
          </div>
        </CardHeader>
        <CardContent className="grid gap-6">
          <LicenceUsersTable users={licence.users} onRemove={setRemoving} />
          <PendingRequests requests={licence.requests} onChanged={reload} />
        </CardContent>
      </Card>
      <RemoveUserDialog
        user={removing}
        organisation={organisation}
        onClose={() => setRemoving(null)}
        onRemoved={reload}
      />
    </div>
  );
}
