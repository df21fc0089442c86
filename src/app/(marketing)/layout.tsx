import type { ReactNode } from "react";

import { PublicShell } from "@/features/shell/components/public-shell";

export default function MarketingLayout({ children }: { children: ReactNode }) {
  return <PublicShell>{children}</PublicShell>;
}
