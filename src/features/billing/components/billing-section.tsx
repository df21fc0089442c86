import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  ScrollingTable,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";

import { formatUkDate } from "@/lib/tariff-vocabulary";

import type { LicenceBilling, LicenceInvoices } from "../queries";
import { describeTrial } from "../trial-terms";
import { OperatorLicenceNote } from "./operator-licence-note";
import { UpgradePlanButton } from "./upgrade-plan-button";

const statusLabels: Record<string, string> = {
  active: "Active",
  trialing: "Free trial",
  past_due: "Payment overdue: please update your card",
  unpaid: "Unpaid",
  canceled: "Cancelled",
  incomplete: "Awaiting the first payment",
  incomplete_expired: "Expired before the first payment",
  paused: "Paused",
};
const lapsed = new Set(["canceled", "unpaid", "incomplete_expired"]);

const money = (pence: number, currency: string) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency: currency.toUpperCase() }).format(pence / 100);

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/**
 * An admin's view of their licence's billing: the plan, seats, billing period and renewal date as
 * last synced from the provider, its invoices where the provider keeps them, and the way to change
 * or cancel the plan (the provider's portal, or the local test portal). A licence we set up
 * ourselves has none of these: it says whom to ask.
 */
export function BillingSection({
  billing,
  invoices,
  portalName,
}: {
  billing: LicenceBilling;
  invoices: LicenceInvoices;
  /** Whose portal the button opens, e.g. "Stripe's billing portal". */
  portalName: string;
}) {
  const { subscription } = billing;
  const trial =
    subscription?.status === "trialing" && subscription.trialEnd
      ? describeTrial({ ...subscription, trialEnd: subscription.trialEnd })
      : null;
  return (
    <section aria-labelledby="billing-title" className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle id="billing-title" className="text-xl">
            Billing
          </CardTitle>
          <CardDescription>Your organisation&apos;s plan and how it is paid.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {trial && (
            <div className="rounded-lg border border-primary/40 bg-accent p-4">
              <p className="font-semibold">{trial.headline}</p>
              <p className="text-sm">{trial.then}</p>
            </div>
          )}
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact term="Organisation">{billing.organisation ?? "No Organisation"}</Fact>
            <Fact term="Plan">
              {subscription ? (subscription.planName ?? "Custom plan") : "Set up by TariffScope"}
            </Fact>
            <Fact term="Seats">
              {billing.seats} {billing.seats === 1 ? "seat" : "seats"}, {billing.users} in use
            </Fact>
            {subscription && (
              <>
                <Fact term="Billing period">
                  {subscription.interval === "annual"
                    ? "Annually"
                    : subscription.interval === "monthly"
                      ? "Monthly"
                      : "As agreed"}
                </Fact>
                <Fact term="Status">{statusLabels[subscription.status] ?? subscription.status}</Fact>
                {subscription.currentPeriodEnd && !trial && (
                  <Fact term={lapsed.has(subscription.status) ? "Ended on" : "Renews on"}>
                    {formatUkDate(subscription.currentPeriodEnd)}
                  </Fact>
                )}
              </>
            )}
          </dl>
          {subscription ? (
            <div className="grid gap-3">
              <p className="text-sm">
                Change your seats or plan, update your card, or cancel, in {portalName}.
              </p>
              <UpgradePlanButton className="w-fit">Change plan or cancel</UpgradePlanButton>
            </div>
          ) : (
            <OperatorLicenceNote />
          )}
        </CardContent>
      </Card>
      {subscription && (
        <Card>
          <CardHeader>
            <CardTitle className="text-xl">Invoices</CardTitle>
          </CardHeader>
          <CardContent>
            <Invoices invoices={invoices} />
          </CardContent>
        </Card>
      )}
    </section>
  );
}

function Invoices({ invoices }: { invoices: LicenceInvoices }) {
  if (invoices.state === "none")
    return <p className="text-sm">The test checkout keeps no invoices: nothing is charged in test mode.</p>;
  if (invoices.state === "unavailable")
    return (
      <p className="text-sm">
        Your invoices could not be loaded just now. They are also in the billing portal.
      </p>
    );
  if (invoices.invoices.length === 0) return <p className="text-sm">No invoices yet.</p>;
  return (
    <ScrollingTable label="Invoices" caption="Your latest invoices, newest first">
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Invoice</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invoices.invoices.map((invoice) => (
          <TableRow key={invoice.id}>
            <TableCell className="whitespace-nowrap">{formatUkDate(invoice.issuedAt)}</TableCell>
            <TableCell className="text-right tabular-nums">
              {money(invoice.totalPence, invoice.currency)}
            </TableCell>
            <TableCell>{invoice.status ? (invoiceStatus[invoice.status] ?? invoice.status) : ""}</TableCell>
            <TableCell>
              {invoice.url ? (
                <a
                  href={invoice.url}
                  className="underline underline-offset-2"
                  target="_blank"
                  rel="noreferrer"
                >
                  {invoice.number ?? "View"}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                invoice.number
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
}

const invoiceStatus: Record<string, string> = {
  paid: "Paid",
  open: "Due",
  draft: "Draft",
  void: "Void",
  uncollectible: "Not collected",
};
