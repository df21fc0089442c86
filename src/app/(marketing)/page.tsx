import { BarChart3, BellRing, BookOpen, FileSpreadsheet, PoundSterling, Search } from "lucide-react";
import Link from "next/link";

import { PageContainer } from "@/components/layout/page-container";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { signUpPath } from "@/lib/paths";
import { SignedInLink } from "@/features/accounts/components/signed-in-link";
import { drugTariffParts, reimbursementLists, type NavEntry } from "@/features/shell/menu";
import { site } from "@/lib/site";

const features = [
  {
    icon: FileSpreadsheet,
    title: "Every Drug Tariff part",
    text: "Part VIIIA, VIIIB, VIIID, Category M, Part IX and borderline substances, month by month, with history.",
  },
  {
    icon: PoundSterling,
    title: "Branded product pricing",
    text: "NHS indicative prices beside the net price you are paid after the discount deduction (clawback).",
  },
  {
    icon: BellRing,
    title: "Price concessions",
    text: "Each month's concessions with the Tariff price, the concession price and the uplift.",
  },
  {
    icon: BarChart3,
    title: "Monthly and quarterly insights",
    text: "Additions and deletions, price changes, Category M movements and category changes, charted.",
  },
  {
    icon: Search,
    title: "Search and watchlists",
    text: "Find any medicine or appliance across every part, and follow the products that matter to you.",
  },
  {
    icon: BookOpen,
    title: "Help and guides",
    text: "Video tutorials and plain-English guides to how the Tariff and reimbursement work.",
  },
] as const;

export default function HomePage() {
  return (
    <PageContainer width="wide" className="space-y-20">
      <section aria-labelledby="hero" className="grid gap-6 text-center">
        <Badge variant="secondary" className="mx-auto text-center whitespace-normal">
          For UK community pharmacies and pharmacy businesses
        </Badge>
        <h1
          id="hero"
          className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl"
        >
          The NHS Drug Tariff, clear and searchable for your pharmacy
        </h1>
        <p className="mx-auto max-w-2xl text-lg text-pretty text-muted-foreground">
          {site.name} brings every part of the Drug Tariff, the reimbursement lists, branded product prices,
          monthly price concessions and insights into one fast place, for England &amp; Wales and Northern
          Ireland.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link href="/pricing/plans">Get Started</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/blog/what-is-the-drug-tariff">What is the Drug Tariff?</Link>
          </Button>
        </div>
      </section>

      <section aria-labelledby="features" className="space-y-8">
        <h2 id="features" className="text-center text-3xl font-bold tracking-tight">
          Everything a dispensary checks, in one place
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <Icon aria-hidden="true" className="size-6 text-primary" />
                  <CardTitle>{title}</CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-label="What TariffScope covers" className="grid gap-8 md:grid-cols-2">
        <CoverageList title="Drug Tariff parts" entries={drugTariffParts} />
        <CoverageList title="Reimbursement lists" entries={reimbursementLists} />
      </section>

      <section aria-labelledby="editions" className="space-y-6">
        <h2 id="editions" className="text-center text-3xl font-bold tracking-tight">
          Two editions, one account
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>England &amp; Wales</CardTitle>
              <CardDescription>
                The NHSBSA Drug Tariff: Part VIIIA, VIIIB, VIIID, Category M, Part IX, borderline substances
                and the reimbursement lists, with discount deduction at the current English rates.
              </CardDescription>
            </CardHeader>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Northern Ireland</CardTitle>
              <CardDescription>
                The Northern Ireland Drug Tariff with its own labels (Part I, Part II &amp; III, Part XI and
                the Zero Discount List) and Northern Ireland&apos;s discount rates. Switch edition at any time
                from the menu.
              </CardDescription>
            </CardHeader>
          </Card>
        </div>
      </section>

      <section
        aria-labelledby="who"
        className="space-y-4 rounded-xl bg-secondary p-8 text-secondary-foreground"
      >
        <h2 id="who" className="text-2xl font-bold tracking-tight">
          Built for the people who run pharmacies
        </h2>
        <p>
          Owners checking margins, pharmacists and technicians confirming what a prescription will be paid,
          buyers watching concessions and Category M, and head-office teams comparing months. One organisation
          licence covers the whole team, with an admin who adds, invites and removes users.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link href="/pricing/plans">See plans and prices</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/account-management/signin">Log In</Link>
          </Button>
        </div>
      </section>
    </PageContainer>
  );
}

/** Each part and list opens itself once signed in; before, it leads to creating an account. */
function CoverageList({ title, entries }: { title: string; entries: readonly NavEntry[] }) {
  return (
    <div className="space-y-3">
      <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
      <ul className="space-y-2">
        {entries.map((entry) => (
          <li key={entry.href}>
            <SignedInLink
              href={entry.href}
              signedOutHref={signUpPath}
              className="block rounded-lg border p-3 transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <span className="block font-medium">{entry.title}</span>
              <span className="block text-sm text-muted-foreground">{entry.subtitle}</span>
            </SignedInLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
