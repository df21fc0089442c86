import { ArrowLeft } from "lucide-react";
import Link from "next/link";

import type { Edition } from "@/lib/tariff-vocabulary";

import { menuPageOf } from "../menu";

/** "Back to Part VIIIA": to the list, as filtered, that a page was opened from (`from`). */
export function BackToList({ from, edition }: { from: unknown; edition: Edition }) {
  const origin = menuPageOf(from, edition);
  if (!origin) return null;
  return (
    <Link
      href={origin.href}
      className="inline-flex min-h-6 items-center gap-1.5 text-sm font-medium text-primary underline-offset-2 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to {origin.title}
    </Link>
  );
}
