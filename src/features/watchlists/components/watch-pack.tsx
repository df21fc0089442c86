import Link from "next/link";

import { Button } from "@/components/ui/button";
import { choosePlanPath, signInPath } from "@/lib/paths";
import { productPaths } from "@/features/tariff/product-metadata";
import type { CurrentUser } from "@/lib/session";

import { getWatchlistChoices } from "../queries";
import type { PackKind } from "../schemas";
import { AddToWatchlist } from "./add-to-watchlist";

type Pack = { kind: PackKind; code: string; name: string };

/** On the public page: the same button, which signs the visitor in and brings them back here. */
export function SignInToWatch({ kind, code }: Omit<Pack, "name">) {
  const back = `${productPaths[kind]}/${code}`;
  return (
    <Button asChild size="sm" variant="outline">
      <Link href={`${signInPath}?redirect=${encodeURIComponent(back)}`} prefetch={false}>
        Add to watchlist
      </Link>
    </Button>
  );
}

/** On the signed-in page: the control for a subscriber, a way to subscribe for anyone else. */
export async function WatchPack({ user, kind, code, name }: Pack & { user: CurrentUser | null }) {
  if (!user) return <SignInToWatch kind={kind} code={code} />;
  if (!user.subscribed)
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <Button asChild size="sm" variant="outline">
          <Link href={choosePlanPath}>Add to watchlist</Link>
        </Button>
        Watchlists come with a subscription.
      </p>
    );
  const choices = (await getWatchlistChoices(user, { kind, code }))
    .filter((choice) => choice.canChange)
    .map(({ id, name: listName, containsPack }) => ({ id, name: listName, containsPack }));
  return <AddToWatchlist kind={kind} code={code} name={name} choices={choices} />;
}
