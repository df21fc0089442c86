import { Menu } from "lucide-react";
import Link from "next/link";

import { Logo } from "@/components/layout/logo";
import { Button } from "@/components/ui/button";
import { SignOutMenuItem, SiteAuthActions } from "@/features/accounts/components/site-auth-actions";

const menuItemClass = "block w-full rounded-sm px-3 py-2 text-left text-sm hover:bg-accent";

const navLinks = [
  { href: "/blog/blog-index", label: "Blog" },
  { href: "/pricing/plans", label: "Pricing" },
] as const;

/**
 * The public top bar (product §2.6). From 768px: Blog, Pricing, and Get Started and Log In (or, signed in,
 * Sign Out and Access Platform). Below 768px the mobile bar: Sign Up and Log In (or Access Platform), with
 * Blog, Pricing (and Sign Out) in a menu.
 */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {navLinks.map((link) => (
            <Button key={link.href} asChild variant="ghost">
              <Link href={link.href}>{link.label}</Link>
            </Button>
          ))}
          <span className="ml-2 flex items-center gap-1">
            <SiteAuthActions />
          </span>
        </nav>
        <nav aria-label="Mobile" className="flex items-center gap-1.5 md:hidden">
          <SiteAuthActions compact />
          <details className="relative">
            <summary className="flex size-9 cursor-pointer list-none items-center justify-center rounded-md hover:bg-accent [&::-webkit-details-marker]:hidden">
              <Menu aria-hidden="true" />
              <span className="sr-only">More pages</span>
            </summary>
            <ul className="absolute right-0 mt-2 w-40 rounded-md border bg-popover p-1 shadow-md">
              {navLinks.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className={menuItemClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
              <SignOutMenuItem className={menuItemClass} />
            </ul>
          </details>
        </nav>
      </div>
    </header>
  );
}
