import { PageContainer } from "@/components/layout/page-container";
import { parseRange } from "@/features/owner/analytics";
import { UserAnalytics } from "@/features/owner/components/user-analytics";
import {
  getCancellationsPerMonth,
  getPageViewsByPath,
  getPageViewsPerDay,
  getPlanSummary,
  getSignUpsPerWeek,
  getVerificationCounts,
} from "@/features/owner/queries";
import { ownerPageMetadata, requireOwner } from "@/lib/session";

export const generateMetadata = ownerPageMetadata("User Analytics");

export default async function UserAnalyticsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireOwner();
  const days = parseRange((await searchParams).days);
  const [viewsPerDay, topPages, signUpsPerWeek, verification, plans, cancellations] = await Promise.all([
    getPageViewsPerDay(days),
    getPageViewsByPath(days),
    getSignUpsPerWeek(days),
    getVerificationCounts(),
    getPlanSummary(),
    getCancellationsPerMonth(days),
  ]);
  return (
    <PageContainer width="full" className="space-y-4">
      <h1 className="text-3xl font-bold tracking-tight">User Analytics</h1>
      <UserAnalytics
        data={{ days, viewsPerDay, topPages, signUpsPerWeek, verification, plans, cancellations }}
      />
    </PageContainer>
  );
}
