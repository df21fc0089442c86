import Link from "next/link";

import { DataTable } from "@/components/data-table/data-table";
import type { DataColumn } from "@/components/data-table/format";
import { PageSection } from "@/components/layout/page-section";
import { ApiKeyTable } from "@/features/api/components/api-key-table";
import type { ApiKeySummary } from "@/features/api/keys";
import { findPlan } from "@/features/billing/plans";

import type { getLicenceForOwner } from "../queries";
import { masterAdminPath } from "../paths";
import { OwnerActionDialog } from "./owner-action-dialog";
import { LicenceInvitesTable, LicenceMembersTable } from "./owner-tables";

type LicencePageData = NonNullable<Awaited<ReturnType<typeof getLicenceForOwner>>>;

const actionNames: Record<string, string> = {
  "licence.seats_changed": "Seat count changed",
  "api_key.limits_changed": "API key limits changed",
  "invite.resent": "Invitation resent",
  "user.suspended": "User suspended",
  "user.restored": "User restored",
};

const auditColumns: DataColumn[] = [
  { id: "when", header: "When", priority: "name" },
  { id: "action", header: "Action", priority: "key" },
  { id: "by", header: "By", priority: "key" },
  { id: "reason", header: "Reason" },
  { id: "before", header: "Before" },
  { id: "after", header: "After" },
];

const timestamp = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** Before and after, as compact JSON: the audit log keeps exactly what changed. */
const asJson = (value: Record<string, unknown>) => JSON.stringify(value);

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="font-medium break-all">{children}</dd>
    </div>
  );
}

/**
 * One licence as the owner sees it: its state, provider ids, users, invitations, API keys and audit
 * history.
 */
export function OwnerLicencePage({ data, keys }: { data: LicencePageData; keys: ApiKeySummary[] }) {
  const { licence, members, invites, audit } = data;
  const name = licence.organisation ?? "No Organisation";
  return (
    <div className="grid gap-8">
      <div className="grid gap-2">
        <Link href={masterAdminPath} className="w-fit text-sm underline underline-offset-2">
          Back to Master Admin
        </Link>
        <h1 className="text-3xl font-bold tracking-tight break-words">{name}</h1>
      </div>

      <PageSection id="licence-details" title="Licence" className="grid gap-4">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Detail term="Status">{licence.status}</Detail>
          <Detail term="Seats">
            <span data-testid="licence-seats">{licence.seats}</span> ({members.length} in use)
          </Detail>
          <Detail term="Plan">
            {licence.planId ? (findPlan(licence.planId)?.name ?? licence.planId) : "No plan"}
            {licence.billingInterval ? `, ${licence.billingInterval}` : ""}
          </Detail>
          <Detail term="Payment provider">{licence.provider ?? "None"}</Detail>
          <Detail term="Provider customer id">{licence.providerCustomerId ?? "None"}</Detail>
          <Detail term="Provider subscription id">{licence.providerSubscriptionId ?? "None"}</Detail>
          <Detail term="Current period ends">
            {licence.currentPeriodEnd ? timestamp.format(licence.currentPeriodEnd) : "None"}
          </Detail>
          <Detail term="Created">{timestamp.format(licence.createdAt)}</Detail>
          <Detail term="Licence id">{licence.licenceId}</Detail>
        </dl>
        <div>
          <OwnerActionDialog
            target={{
              kind: "seats",
              licenceId: licence.licenceId,
              seats: licence.seats,
              seatsInUse: members.length,
            }}
          />
        </div>
        <p className="text-sm text-muted-foreground">
          The payment provider&apos;s next update of this subscription sets the seats it was paid for again.
        </p>
      </PageSection>

      <PageSection id="licence-users" title="Users" className="grid gap-3">
        <LicenceMembersTable
          rows={members.map((member) => ({
            id: member.id,
            email: member.email,
            name: member.name,
            role: member.admin ? "Admin" : "User",
            status: member.suspended ? "Suspended" : "Active",
            lastSignedIn: member.lastSignedIn?.toISOString() ?? null,
          }))}
        />
      </PageSection>

      <PageSection id="licence-invites" title="Invitations" className="grid gap-3">
        <LicenceInvitesTable
          rows={invites.map((invite) => ({
            id: invite.id,
            email: invite.email,
            state: invite.acceptedAt ? "Accepted" : invite.open ? "Open" : "Expired",
            sent: invite.createdAt.toISOString(),
            expires: invite.expiresAt.toISOString(),
          }))}
        />
      </PageSection>

      <PageSection id="licence-api-keys" title="API keys" className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          The licence&apos;s keys to the data API and their use. A key&apos;s limits are changed here only:
          the licence&apos;s admins see them but cannot change them.
        </p>
        <ApiKeyTable
          keys={keys}
          action={(key) => (
            <OwnerActionDialog
              target={{
                kind: "keyLimits",
                licenceId: licence.licenceId,
                keyId: key.id,
                name: key.name,
                perMinute: key.perMinute,
                perDay: key.perDay,
              }}
              triggerLabel={`Change limits of ${key.name}`}
            />
          )}
        />
      </PageSection>

      <PageSection id="licence-history" title="History" className="grid gap-3">
        <DataTable
          columns={auditColumns}
          rows={audit.map((entry) => ({
            when: `${timestamp.format(entry.createdAt)} UTC`,
            action: actionNames[entry.action] ?? entry.action,
            by: entry.actorEmail,
            reason: entry.reason,
            before: asJson(entry.before),
            after: asJson(entry.after),
          }))}
          caption="Audit log of this licence"
          fileName="licence-audit-log.csv"
          emptyMessage="No owner actions on this licence yet."
        />
      </PageSection>
    </div>
  );
}
