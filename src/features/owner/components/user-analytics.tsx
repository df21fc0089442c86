import Link from "next/link";

import { DataTable } from "@/components/data-table/data-table";
import type { DataColumn } from "@/components/data-table/format";
import { cn } from "@/lib/utils";
import { BarChartFigure } from "@/components/charts/bar-chart-figure";

import { analyticsRanges, type AnalyticsRange, type PlanSummary } from "../analytics";

export type UserAnalyticsData = {
  days: AnalyticsRange;
  viewsPerDay: Array<{ day: string; views: number }>;
  topPages: Array<{ path: string; views: number }>;
  signUpsPerWeek: Array<{ week: string; signUps: number; verified: number }>;
  verification: { verified: number; unverified: number };
  plans: PlanSummary[];
  cancellations: Array<{ month: string; cancellations: number }>;
};

const shortDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid min-w-0 gap-3" aria-labelledby={`${title}-heading`.replace(/\W+/g, "-")}>
      <h2 id={`${title}-heading`.replace(/\W+/g, "-")} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const topPageColumns: DataColumn[] = [
  { id: "path", header: "Page", priority: "name" },
  { id: "views", header: "Views", kind: "number", priority: "key" },
];
const signUpColumns: DataColumn[] = [
  { id: "week", header: "Week starting", kind: "date", priority: "name" },
  { id: "signUps", header: "Sign-ups", kind: "number", priority: "key" },
  { id: "verified", header: "Verified", kind: "number", priority: "key" },
];
const verificationColumns: DataColumn[] = [
  { id: "state", header: "Accounts", priority: "name" },
  { id: "count", header: "Number", kind: "number", priority: "key" },
];
const planColumns: DataColumn[] = [
  { id: "plan", header: "Plan", priority: "name" },
  { id: "activeSubscriptions", header: "Active subscriptions", kind: "number", priority: "key" },
  { id: "seatsSold", header: "Seats sold", kind: "number", priority: "key" },
  { id: "seatsUsed", header: "Seats used", kind: "number", priority: "key" },
  { id: "mrrPence", header: "Monthly recurring revenue", kind: "pence", priority: "key" },
];
const cancellationColumns: DataColumn[] = [
  { id: "month", header: "Month", priority: "name" },
  { id: "cancellations", header: "Cancellations", kind: "number", priority: "key" },
];

/** User Analytics: who visits, who signs up, and what the subscriptions bring in. */
export function UserAnalytics({ data }: { data: UserAnalyticsData }) {
  const { days } = data;
  const totalViews = data.viewsPerDay.reduce((sum, day) => sum + day.views, 0);
  const totalSignUps = data.signUpsPerWeek.reduce((sum, week) => sum + week.signUps, 0);
  return (
    <div className="grid gap-8">
      <nav aria-label="Period" className="flex flex-wrap gap-2">
        {analyticsRanges.map((range) => (
          <Link
            key={range}
            href={`/user-analytics?days=${range}`}
            aria-current={range === days ? "page" : undefined}
            className={cn(
              "rounded-md border px-3 py-1.5 text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
              range === days ? "border-primary bg-primary text-primary-foreground" : "hover:bg-muted",
            )}
          >
            Last {range} days
          </Link>
        ))}
      </nav>

      <Section title="Page views">
        <BarChartFigure
          title={`Page views per day, last ${days} days`}
          label={`Bar chart of page views per day over the last ${days} days: ${totalViews.toLocaleString("en-GB")} in all.`}
          groupHeader="Day"
          data={data.viewsPerDay.map((day) => ({
            label: shortDay.format(new Date(`${day.day}T00:00:00Z`)),
            views: day.views,
          }))}
          series={[{ key: "views", name: "Page views", color: "#047857" }]}
        />
        <p className="text-sm text-muted-foreground">
          Only visitors who accepted analytics cookies are counted.
        </p>
        <DataTable
          columns={topPageColumns}
          rows={data.topPages}
          caption={`Top pages, last ${days} days`}
          fileName={`top-pages-last-${days}-days.csv`}
          emptyMessage="No page views recorded yet."
        />
      </Section>

      <Section title="Sign-ups">
        <BarChartFigure
          title={`Sign-ups per week, last ${days} days`}
          label={`Bar chart of sign-ups per week over the last ${days} days: ${totalSignUps.toLocaleString("en-GB")} in all.`}
          groupHeader="Week starting"
          stacked
          data={data.signUpsPerWeek.map((week) => ({
            label: shortDay.format(new Date(`${week.week}T00:00:00Z`)),
            verified: week.verified,
            unverified: week.signUps - week.verified,
          }))}
          series={[
            { key: "verified", name: "Verified", color: "#047857" },
            { key: "unverified", name: "Not verified", color: "#9ca3af" },
          ]}
        />
        <DataTable
          columns={signUpColumns}
          rows={data.signUpsPerWeek}
          caption={`Sign-ups per week, last ${days} days`}
          fileName={`sign-ups-per-week-last-${days}-days.csv`}
          emptyMessage="No sign-ups in this period."
        />
        <DataTable
          columns={verificationColumns}
          rows={[
            { state: "Verified", count: data.verification.verified },
            { state: "Not verified", count: data.verification.unverified },
          ]}
          caption="All accounts, verified and not verified"
          fileName="accounts-verified.csv"
        />
      </Section>

      <Section title="Subscriptions and revenue">
        <DataTable
          columns={planColumns}
          rows={data.plans}
          caption="Active subscriptions, seats and monthly recurring revenue by plan"
          fileName="subscriptions-by-plan.csv"
          emptyMessage="No active subscriptions."
        />
        <p className="text-sm text-muted-foreground">
          Monthly recurring revenue counts an annual plan as a twelfth of its price; trials bring none yet.
        </p>
        <DataTable
          columns={cancellationColumns}
          rows={data.cancellations}
          caption={`Cancellations per month, last ${days} days`}
          fileName={`cancellations-last-${days}-days.csv`}
          emptyMessage="No cancellations in this period."
        />
      </Section>
    </div>
  );
}
