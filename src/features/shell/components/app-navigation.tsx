"use client";

import {
  BarChart3,
  BookOpen,
  Calculator,
  ChevronDown,
  CircleHelp,
  FileText,
  History,
  LayoutList,
  LineChart,
  LogOut,
  Pill,
  Receipt,
  Scale,
  Search,
  ShieldCheck,
  Star,
  Tag,
  UserRound,
  type LucideIcon,
} from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId } from "react";

import { KeyHint } from "@/components/ui/key-hint";
import { EditionSelect } from "@/features/accounts/components/edition-select";
import { useSubscription } from "@/features/accounts/components/subscription-provider";
import { signOut } from "@/features/accounts/sign-out";
import { useSearchDialog } from "@/features/search/components/search-dialog";
import { cn } from "@/lib/utils";

import { appNavigation, type NavGroup } from "../menu";

const groupIcons: Record<NavGroup["id"], LucideIcon> = {
  tariff: Pill,
  reimbursement: Receipt,
  insights: BarChart3,
};
/** The entries the onboarding tours point at, by the name the tours use. */
const tourTargets: Record<string, string> = {
  "/brands": "brands",
  "/manage-watchlists-login": "watchlists",
  "/help": "help",
  "/blog/blog-index": "blog",
};
const linkIcons: Record<string, LucideIcon> = {
  "/brands": Tag,
  "/concession-prices": LineChart,
  "/compare-editions": Scale,
  "/margin-check": Calculator,
  "/changes": History,
  "/manage-watchlists-login": Star,
  "/help": CircleHelp,
  "/blog/blog-index": BookOpen,
};

type AccountLink = { href: string; title: string; icon: LucideIcon; tour?: string };
const accountLinks: AccountLink[] = [
  {
    href: "/account-management/dashboard?section=personal-details",
    title: "Account Management",
    icon: UserRound,
    tour: "account",
  },
];
const ownerLinks: AccountLink[] = [
  { href: "/user-analytics", title: "User Analytics", icon: FileText },
  { href: "/user-master-management", title: "Master Admin", icon: ShieldCheck },
];

/**
 * The signed-in menu, shared by the desktop sidebar and the mobile side menu. `compact`
 * hides the labels visually (they stay for screen readers) while the sidebar is collapsed.
 */
export function AppNavigation({
  compact,
  openGroup,
  onOpenGroup,
  onNavigate,
}: {
  compact: boolean;
  openGroup: NavGroup["id"] | null;
  onOpenGroup: (group: NavGroup["id"] | null) => void;
  onNavigate?: () => void;
}) {
  const { edition, user } = useSubscription();
  const pathname = usePathname();
  const { groups, links } = appNavigation(edition);
  const label = compact ? "sr-only" : "truncate";

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <SearchBox compact={compact} onOpen={onNavigate} />
      <nav aria-label="Platform" className="min-h-0 flex-1 overflow-y-auto">
        <ul className="grid gap-0.5">
          {groups.map((group) => (
            <MenuGroup
              key={group.id}
              group={group}
              icon={groupIcons[group.id]}
              open={!compact && openGroup === group.id}
              compact={compact}
              pathname={pathname}
              onToggle={() => onOpenGroup(openGroup === group.id ? null : group.id)}
              onNavigate={onNavigate}
            />
          ))}
          {links.map((link) => {
            const Icon = linkIcons[link.href] ?? LayoutList;
            return (
              <li key={link.href}>
                <Link
                  href={link.href}
                  onClick={onNavigate}
                  data-tour={tourTargets[link.href]}
                  aria-current={pathname === link.href ? "page" : undefined}
                  className="flex items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-accent aria-[current=page]:bg-accent aria-[current=page]:font-semibold"
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  <span className={label}>{link.title}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className={cn("grid gap-3 border-t pt-3", compact && "hidden")}>
        <EditionSelect />
        <div className="grid gap-1 text-sm">
          <p className="font-medium">Terms and Privacy</p>
          <Link href="/policies/eula" onClick={onNavigate} className="underline underline-offset-2">
            License Agreement
          </Link>
          <Link href="/policies/privacy-policy" onClick={onNavigate} className="underline underline-offset-2">
            Privacy Policy
          </Link>
        </div>
      </div>
      {user && (
        <div className={cn("grid gap-1 border-t pt-3 text-sm", compact && "hidden")}>
          <p className="font-medium">
            {user.firstName} {user.lastName}
          </p>
          <p className="break-all text-muted-foreground">{user.email}</p>
          {[...accountLinks, ...(user.isOwner ? ownerLinks : [])].map(({ href, title, icon: Icon, tour }) => (
            <Link
              key={href}
              href={href}
              onClick={onNavigate}
              data-tour={tour}
              className="flex items-center gap-2 rounded-md py-1 hover:underline"
            >
              <Icon aria-hidden="true" className="size-4" /> {title}
            </Link>
          ))}
          <button
            type="button"
            onClick={signOut}
            className="flex items-center gap-2 rounded-md py-1 text-left hover:underline"
          >
            <LogOut aria-hidden="true" className="size-4" /> Sign Out
          </button>
        </div>
      )}
    </div>
  );
}

function MenuGroup({
  group,
  icon: Icon,
  open,
  compact,
  pathname,
  onToggle,
  onNavigate,
}: {
  group: NavGroup;
  icon: LucideIcon;
  open: boolean;
  compact: boolean;
  pathname: string;
  onToggle: () => void;
  onNavigate?: () => void;
}) {
  const panelId = useId();
  const active = group.entries.some((entry) => pathname === entry.href);
  return (
    <li>
      <button
        type="button"
        data-tour={group.id}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        className={cn(
          "flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm hover:bg-accent",
          active && "font-semibold",
        )}
      >
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        <span className={cn("flex-1", compact ? "sr-only" : "truncate")}>{group.title}</span>
        {!compact && (
          <ChevronDown
            aria-hidden="true"
            className={cn("size-4 transition-transform", open && "rotate-180")}
          />
        )}
      </button>
      <ul id={panelId} hidden={!open} className="my-1 ml-8 grid gap-0.5 border-l pl-2">
        {group.entries.map((entry) => (
          <li key={entry.href}>
            <Link
              href={entry.href}
              onClick={onNavigate}
              aria-current={pathname === entry.href ? "page" : undefined}
              className="block rounded-md px-2 py-1.5 text-sm hover:bg-accent aria-[current=page]:bg-accent aria-[current=page]:font-semibold"
            >
              {entry.title}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The menu's search box: it opens the global search, which also opens with Ctrl+K / ⌘K.
 * A button drawn as a box, so that moving through the menu with Tab never opens a dialog.
 */
function SearchBox({ compact, onOpen }: { compact: boolean; onOpen?: () => void }) {
  const { openSearch, prefetchSearch } = useSearchDialog();
  return (
    <button
      type="button"
      aria-label="Search TariffScope"
      data-tour="search"
      aria-keyshortcuts="Control+K Meta+K"
      onClick={() => {
        onOpen?.();
        openSearch();
      }}
      onPointerEnter={prefetchSearch}
      onFocus={prefetchSearch}
      className={cn(
        "flex h-9 w-full items-center gap-2 rounded-md border border-input px-3 text-left text-sm text-muted-foreground outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
        compact && "justify-center border-transparent px-0",
      )}
    >
      <Search aria-hidden="true" className={cn("size-4 shrink-0", compact && "size-5")} />
      <span className={cn("flex-1 truncate", compact && "sr-only")}>Search TariffScope</span>
      {!compact && <KeyHint className="px-1.5 font-sans">Ctrl K</KeyHint>}
    </button>
  );
}
