"use client";

import Link from "next/link";
import type { ComponentProps } from "react";

import { useSignedIn } from "./use-signed-in";

/** A link into the product: to the page itself once signed in, and to `signedOutHref` before. */
export function SignedInLink({
  href,
  signedOutHref,
  ...props
}: Omit<ComponentProps<typeof Link>, "href"> & { href: string; signedOutHref: string }) {
  return <Link href={useSignedIn() ? href : signedOutHref} {...props} />;
}
