import Link from "next/link";

import { site } from "@/lib/site";

export function Logo() {
  return (
    <Link
      href="/"
      className="flex items-center gap-2 rounded-md font-semibold text-foreground"
      aria-label={`${site.name} home`}
    >
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-7">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          d="M9 11h14M16 11v12M11 19l5 4 5-4"
          fill="none"
          stroke="white"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-lg tracking-tight">{site.name}</span>
    </Link>
  );
}
