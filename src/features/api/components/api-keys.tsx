"use client";

import { KeyRound } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { ConfirmDialog, DialogFrame } from "@/components/ui/dialog-frame";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useNameForm } from "@/components/ui/use-name-form";
import { site } from "@/lib/site";

import { createApiKeyAction, revokeApiKeyAction } from "../actions";
import type { ApiKeySummary } from "../keys";
import { ApiKeyTable } from "./api-key-table";

/**
 * Manage Users → API keys (ADR 200): a licence admin names and makes a key, sees it once, and
 * revokes it; each key's last use and calls are shown. The list reloads from the server after a change.
 */
export function ApiKeys({ keys }: { keys: ApiKeySummary[] }) {
  const router = useRouter();
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  const {
    name,
    setName,
    error,
    busy,
    submit: create,
  } = useNameForm({
    save: (name) => createApiKeyAction({ name }),
    onSaved: ({ summary, key }) => {
      setMade({ name: summary.name, key });
      router.refresh();
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>API keys</CardTitle>
        <CardDescription>
          Keys let your own systems read the tariff through the{" "}
          <a className="underline" href="/help/api-reference">
            data API
          </a>
          : read-only, for your licence alone. A key is shown once, when made. To change a key&apos;s limits,
          write to{" "}
          <a className="underline" href={`mailto:${site.supportEmail}`}>
            {site.supportEmail}
          </a>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form onSubmit={create} className="flex flex-wrap items-end gap-2" noValidate>
          <div className="grid min-w-0 flex-1 gap-1.5">
            <Label htmlFor="api-key-name">Key name</Label>
            <Input
              id="api-key-name"
              value={name}
              maxLength={60}
              placeholder="Stock system"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "api-key-error" : undefined}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner label="Creating" /> : <KeyRound aria-hidden />}
            Create key
          </Button>
          <p id="api-key-error" role="alert" className="w-full text-sm text-destructive empty:hidden">
            {error}
          </p>
        </form>
        <ApiKeyTable
          keys={keys}
          action={(key) => (
            <Button variant="outline" size="sm" onClick={() => setRevoking(key)}>
              Revoke<span className="sr-only"> {key.name}</span>
            </Button>
          )}
        />
      </CardContent>
      <NewKeyDialog made={made} onClose={() => setMade(null)} />
      <RevokeKeyDialog
        apiKey={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={() => {
          toast.success("Key revoked", { description: "Calls with it are now refused." });
          router.refresh();
        }}
      />
    </Card>
  );
}

/** The new key, shown this once: it is stored only as a hash. */
function NewKeyDialog({
  made,
  onClose,
}: {
  made: { name: string; key: string } | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog
      open={made !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogFrame
        title={<>Your new key: {made?.name}</>}
        description={
          <>
            Copy it now and keep it somewhere safe: this is the only time it is shown. Send it as{" "}
            <code>Authorization: Bearer &lt;key&gt;</code>, never in an address.
          </>
        }
        footer={
          <>
            <Button
              variant="outline"
              onClick={async () => {
                await navigator.clipboard?.writeText(made?.key ?? "").catch(() => undefined);
                setCopied(true);
              }}
            >
              Copy key
            </Button>
            <Button onClick={onClose}>Done</Button>
          </>
        }
      >
        <Label htmlFor="new-api-key">API key</Label>
        <Input
          id="new-api-key"
          readOnly
          value={made?.key ?? ""}
          className="font-mono text-xs"
          onFocus={(event) => event.target.select()}
        />
        <p role="status" className="text-sm text-muted-foreground empty:hidden">
          {copied ? "Copied to the clipboard." : ""}
        </p>
      </DialogFrame>
    </Dialog>
  );
}

function RevokeKeyDialog({
  apiKey,
  onClose,
  onRevoked,
}: {
  apiKey: ApiKeySummary | null;
  onClose: () => void;
  onRevoked: () => void;
}) {
  return (
    <ConfirmDialog
      open={apiKey !== null}
      title={<>Revoke {apiKey?.name}?</>}
      description={
        <>Systems using {apiKey?.prefix} will be refused from their next call. This cannot be undone.</>
      }
      confirmLabel="Revoke key"
      busyLabel="Revoking"
      action={() => revokeApiKeyAction({ keyId: apiKey!.id })}
      onDone={onRevoked}
      onClose={onClose}
    />
  );
}
