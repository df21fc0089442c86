import { NextResponse } from "next/server";

import { uploadFileName } from "@/features/imports/upload";
import { marginOwnerOf } from "@/features/margins/access";
import { countPreview } from "@/features/margins/limits";
import { headerName, maxMarginFileBytes, maxShownChars, suggestMapping } from "@/features/margins/margin";
import { rememberedMapping } from "@/features/margins/queries";
import { readTable } from "@/features/margins/read-upload";
import { handleRoute, readBodyBytes } from "@/lib/route";
import { withSecurityHeaders } from "@/lib/security/content-security-policy";
import { assertSameOriginFile } from "@/lib/security/same-origin";
import { getCurrentUser } from "@/lib/session";

export const dynamic = "force-dynamic";

/**
 * A margin-check file's columns before it is mapped: its headers, its first rows and the mapping to
 * offer (the licence's remembered one where it fits). The body is the file (octet-stream, named by
 * X-File-Name); nothing is saved.
 */
const preview = handleRoute("margins.preview", async (request) => {
  const owner = marginOwnerOf(await getCurrentUser());
  assertSameOriginFile(request);
  await countPreview(owner);
  const name = uploadFileName(request.headers.get("x-file-name") ?? "upload.csv");
  const table = await readTable(name, await readBodyBytes(request, maxMarginFileBytes));
  const headers = (table[0]?.cells ?? []).map(headerName).filter(Boolean);
  return NextResponse.json(
    {
      headers,
      sample: table.slice(1, 6).map((row) => row.cells.map((cell) => cell.slice(0, maxShownChars))),
      rows: Math.max(0, table.length - 1),
      mapping: suggestMapping(headers, await rememberedMapping(owner.licenceId)),
    },
    { headers: { "cache-control": "private, no-store" } },
  );
});

export const POST = withSecurityHeaders(preview);
