"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";

import type { DataRow } from "@/components/data-table/format";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

import { confirmMarginMatch, correctMarginMatch, deleteMarginUpload } from "../actions";
import { marginCheckPath } from "../paths";

/** A line's correction: the code of the pack it is, remembered for the licence. */
export function Correction({
  lineId,
  product,
  onDone,
}: {
  lineId: number;
  product: string;
  onDone: (message: string) => void;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const id = useId();
  if (!open)
    return (
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={`Correct the match of ${product}`}
      >
        Correct
      </Button>
    );
  return (
    <form
      className="flex flex-wrap items-center gap-1"
      onSubmit={async (event) => {
        event.preventDefault();
        const result = await correctMarginMatch({ lineId, code });
        if (!result.ok) return setMessage(result.message);
        setOpen(false);
        onDone(`${product} corrected to the pack with code ${result.data.code}.`);
        router.refresh();
      }}
    >
      <Label htmlFor={id} className="sr-only">
        Pack code for {product}
      </Label>
      <Input
        id={id}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        placeholder="Pack code"
        className="h-8 w-32"
        autoFocus
        required
      />
      <Button type="submit" size="sm">
        Save
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
      {message && (
        <span role="alert" className="text-xs text-destructive">
          {message}
        </span>
      )}
    </form>
  );
}

/** A line waiting to be checked: confirm the pack proposed, or correct it to another. */
export function CheckLine({ row, onDone }: { row: DataRow; onDone: (message: string) => void }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const product = String(row.product);
  const lineId = Number(row.lineId);
  return (
    <div className="flex flex-wrap items-center gap-1">
      {row.code && (
        <Button
          type="button"
          size="sm"
          disabled={busy}
          aria-label={`Confirm ${product} is ${String(row.match)}`}
          onClick={async () => {
            setBusy(true);
            const result = await confirmMarginMatch({ lineId });
            setBusy(false);
            if (!result.ok) return setMessage(result.message);
            onDone(`${product} confirmed as ${String(row.match)}.`);
            router.refresh();
          }}
        >
          Confirm
        </Button>
      )}
      <Correction lineId={lineId} product={product} onDone={onDone} />
      {message && (
        <span role="alert" className="text-xs text-destructive">
          {message}
        </span>
      )}
    </div>
  );
}

/** Deletes the upload shown, after a second press: room for another under the licence's limit. */
export function DeleteUpload({ upload }: { upload: { id: string; fileName: string } }) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!asking)
    return (
      <Button type="button" size="sm" variant="outline" onClick={() => setAsking(true)}>
        Delete this upload
      </Button>
    );
  return (
    <div role="group" aria-label="Delete this upload" className="flex flex-wrap items-center gap-2 text-sm">
      <span>Delete {upload.fileName} and its lines?</span>
      <Button
        type="button"
        size="sm"
        variant="destructive"
        autoFocus
        onClick={async () => {
          const result = await deleteMarginUpload({ uploadId: upload.id });
          if (!result.ok) return setMessage(result.message);
          router.push(marginCheckPath);
          router.refresh();
        }}
      >
        Delete
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => setAsking(false)}>
        Keep it
      </Button>
      {message && (
        <span role="alert" className="text-destructive">
          {message}
        </span>
      )}
    </div>
  );
}
