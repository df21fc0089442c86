"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import type { MarginMapping } from "../margin";
import { marginUploadPath } from "../paths";

/** The file's columns as the server read them: names, a few rows, how many, and the licence's last mapping. */
export type Preview = { headers: string[]; sample: string[][]; rows: number; mapping: MarginMapping | null };

export type RowProblem = { row: number; message: string };

const errorOf = async (response: Response) =>
  ((await response.json().catch(() => null)) as { error?: { message?: string } } | null)?.error?.message ??
  "The file could not be checked.";

/**
 * An upload's course: the file chosen or rows pasted; `readColumns` asks the server for its columns;
 * `check` sends it with the mapping chosen, and the server matches and saves the lines, then the page
 * shows them. `busy` says what is under way.
 */
export function useMarginUpload() {
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState("");
  const [preview, setPreview] = useState<Preview | null>(null);
  const [mapping, setMapping] = useState<MarginMapping>({
    product: null,
    code: null,
    packSize: null,
    cost: "",
  });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<RowProblem[]>([]);

  const body = (): { name: string; blob: Blob } | null =>
    file
      ? { name: file.name, blob: file }
      : pasted.trim()
        ? { name: "Pasted rows", blob: new Blob([pasted]) }
        : null;
  const send = (url: string, extra: Record<string, string> = {}) => {
    const sent = body()!;
    return fetch(url, {
      method: "POST",
      body: sent.blob,
      headers: {
        "content-type": "application/octet-stream",
        "x-file-name": encodeURIComponent(sent.name),
        ...extra,
      },
    });
  };

  async function readColumns(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!body()) return setError("Choose a CSV or XLSX file, or paste rows with a header row.");
    setBusy("Reading the columns…");
    const response = await send("/api/margin-check/preview");
    setBusy(null);
    if (!response.ok) return setError(await errorOf(response));
    const read = (await response.json()) as Preview;
    setPreview(read);
    setMapping(
      read.mapping ?? {
        product: read.headers[0] ?? null,
        code: null,
        packSize: null,
        cost: read.headers[1] ?? "",
      },
    );
  }

  async function check(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setProblems([]);
    if (!mapping.product && !mapping.code)
      return setError("Choose the column with the product's name, its code, or both.");
    setBusy(
      `Matching ${preview?.rows.toLocaleString("en-GB") ?? ""} lines and working out margins… A large file takes a minute or more.`,
    );
    const response = await send("/api/margin-check/uploads", {
      "x-margin-mapping": encodeURIComponent(JSON.stringify(mapping)),
    });
    setBusy(null);
    if (!response.ok) return setError(await errorOf(response));
    const saved = (await response.json()) as { id: string; problems: RowProblem[] };
    setProblems(saved.problems);
    setPreview(null);
    router.push(marginUploadPath(saved.id));
    router.refresh();
  }

  return {
    setFile,
    pasted,
    setPasted,
    preview,
    setPreview,
    mapping,
    setMapping,
    busy,
    error,
    problems,
    readColumns,
    check,
  };
}
