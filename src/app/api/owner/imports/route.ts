import path from "node:path";

import {
  checkUploadSizes,
  importUpload,
  makeUploadFolder,
  receiveUpload,
  removeUploadFolder,
  uploadFileName,
} from "@/features/imports/upload";
import { AppError } from "@/lib/errors";
import { getLogger } from "@/lib/logger";
import { handleRoute } from "@/lib/route";
import { withSecurityHeaders } from "@/lib/security/content-security-policy";
import { assertSameOriginFile } from "@/lib/security/same-origin";
import { getCurrentUser } from "@/lib/session";

export const dynamic = "force-dynamic";

/**
 * One file uploaded in the import console (ADR 116), owner only: 401 without a session, 403 for
 * anyone else. The body is the file itself (application/octet-stream, named by X-File-Name), taken
 * whole or not at all; the answer is one JSON line per stage of its import (reading, saving) and a
 * last one with the outcome, so the console can show how far it got. The proxy does not see this
 * route (src/proxy.ts), so a large body reaches it as sent rather than buffered.
 */
const upload = handleRoute("owner.imports.upload", async (request) => {
  const user = await getCurrentUser();
  if (!user) throw new AppError("unauthorized");
  if (!user.isOwner) throw new AppError("forbidden", "Only the owner accounts may import files.");
  assertSameOriginFile(request);
  const name = uploadFileName(request.headers.get("x-file-name"));

  const folder = await makeUploadFolder();
  const file = path.join(folder, name);
  try {
    await receiveUpload(request.body, request.headers.get("content-length"), file);
    await checkUploadSizes(file);
  } catch (error) {
    await removeUploadFolder(folder);
    throw error;
  }

  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: object) => controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      try {
        await importUpload(file, `upload:${user.email}`, send);
      } catch (error) {
        getLogger().error({ err: error, route: "owner.imports.upload" }, "upload import failed");
        send({ stage: "failed", message: "The file could not be imported because of an error on our side." });
      } finally {
        await removeUploadFolder(folder);
        controller.close();
      }
    },
  });
  return new Response(stream, {
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" },
  });
});

export const POST = withSecurityHeaders(upload);
