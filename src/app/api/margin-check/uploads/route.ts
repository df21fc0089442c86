import { NextResponse } from "next/server";
import { z } from "zod";

import { uploadFileName } from "@/features/imports/upload";
import { marginOwnerOf } from "@/features/margins/access";
import { checkUploadAllowance } from "@/features/margins/limits";
import { maxMarginFileBytes } from "@/features/margins/margin";
import { saveUpload } from "@/features/margins/queries";
import { readTable } from "@/features/margins/read-upload";
import { AppError } from "@/lib/errors";
import { handleRoute, readBodyBytes } from "@/lib/route";
import { withSecurityHeaders } from "@/lib/security/content-security-policy";
import { assertSameOriginFile } from "@/lib/security/same-origin";
import { getCurrentUser } from "@/lib/session";

export const dynamic = "force-dynamic";

const column = z.string().min(1).max(200);
const mappingSchema = z
  .object({
    product: column.nullable(),
    code: column.nullable().default(null),
    packSize: column.nullable(),
    cost: column,
  })
  .strict()
  .refine((mapping) => mapping.product !== null || mapping.code !== null);

/**
 * Saves a margin-check upload for the session's licence: the body is the file (octet-stream,
 * X-File-Name), X-Margin-Mapping the columns as JSON. Answers the upload's id, its line count and
 * the rows refused, each with its row number; 429 when the user's or the licence's limits leave no
 * room (ADR 166), checked before the file is read and again once its lines are counted.
 */
const upload = handleRoute("margins.upload", async (request) => {
  const owner = marginOwnerOf(await getCurrentUser());
  assertSameOriginFile(request);
  await checkUploadAllowance(owner);
  const name = uploadFileName(request.headers.get("x-file-name") ?? "upload.csv");
  let mapping: unknown;
  try {
    mapping = JSON.parse(decodeURIComponent(request.headers.get("x-margin-mapping") ?? ""));
  } catch {
    throw new AppError(
      "validation",
      "Choose the columns that hold the product (its name, its code or both) and the cost.",
    );
  }
  const parsed = mappingSchema.safeParse(mapping);
  if (!parsed.success)
    throw new AppError(
      "validation",
      "Choose the columns that hold the product (its name, its code or both) and the cost.",
    );
  const table = await readTable(name, await readBodyBytes(request, maxMarginFileBytes));
  const saved = await saveUpload(owner, name, table, parsed.data);
  return NextResponse.json(saved, { headers: { "cache-control": "private, no-store" } });
});

export const POST = withSecurityHeaders(upload);
