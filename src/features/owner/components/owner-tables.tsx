"use client";

import { DataTable } from "@/components/data-table/data-table";
import type { DataColumn, DataRow } from "@/components/data-table/format";

import { OwnerActionDialog } from "./owner-action-dialog";

/**
 * The licence page's tables whose rows carry an action. The shared table takes the action as a
 * render function, which only a client component can pass.
 */

/** Suspend or restore the row's user (`id`, `email`, `status`). */
function accessAction(row: DataRow) {
  const email = String(row.email);
  const userId = String(row.id);
  return row.status === "Suspended" ? (
    <OwnerActionDialog target={{ kind: "restore", userId, email }} triggerLabel={`Restore ${email}`} />
  ) : (
    <OwnerActionDialog target={{ kind: "suspend", userId, email }} triggerLabel={`Suspend ${email}`} />
  );
}

const memberColumns: DataColumn[] = [
  { id: "email", header: "Email", priority: "name" },
  { id: "name", header: "Name", priority: "key" },
  { id: "role", header: "Role", priority: "key" },
  { id: "status", header: "Status", priority: "key" },
  { id: "lastSignedIn", header: "Last signed in", kind: "date" },
];

export function LicenceMembersTable({ rows }: { rows: DataRow[] }) {
  return (
    <DataTable
      columns={memberColumns}
      rows={rows}
      caption="Users on this licence"
      fileName="licence-users.csv"
      emptyMessage="No users on this licence."
      rowAction={{ header: "Access", render: accessAction }}
    />
  );
}

const inviteColumns: DataColumn[] = [
  { id: "email", header: "Email", priority: "name" },
  { id: "state", header: "State", priority: "key" },
  { id: "sent", header: "Sent", kind: "date", priority: "key" },
  { id: "expires", header: "Expires", kind: "date" },
];

export function LicenceInvitesTable({ rows }: { rows: DataRow[] }) {
  return (
    <DataTable
      columns={inviteColumns}
      rows={rows}
      caption="Invitations to this licence"
      fileName="licence-invitations.csv"
      emptyMessage="No invitations sent."
      rowAction={{
        header: "Invitation",
        render: (row) =>
          row.state === "Accepted" ? null : (
            <OwnerActionDialog
              target={{ kind: "resend", inviteId: String(row.id), email: String(row.email) }}
              triggerLabel={`Resend the invitation to ${String(row.email)}`}
            />
          ),
      }}
    />
  );
}

const userColumns: DataColumn[] = [
  { id: "email", header: "Email", priority: "name", hrefKey: "href" },
  { id: "name", header: "Name", priority: "key" },
  { id: "organisation", header: "Organisation", priority: "key" },
  { id: "status", header: "Status", priority: "key" },
];

/** Search results: a user on a licence links to its page; any user can be suspended or restored here. */
export function OwnerUserResults({ rows, term }: { rows: DataRow[]; term: string }) {
  return (
    <DataTable
      columns={userColumns}
      rows={rows}
      caption={`Users matching "${term}"`}
      fileName="owner-user-search.csv"
      emptyMessage="No users match."
      rowAction={{ header: "Access", render: accessAction }}
    />
  );
}
