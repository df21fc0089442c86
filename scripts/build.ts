import { spawn } from "node:child_process";

import { writeBuildStamp } from "./lib/build-stamp";
import { isMain } from "./lib/is-main";
import { nextBin } from "./lib/next-bin";
import { renderPrivacyPolicy } from "./render-privacy-policy";

/** A production build: the privacy policy PDF, then `next build`, then the stamp that marks it fresh. */
export async function buildApp(root = process.cwd()): Promise<void> {
  await renderPrivacyPolicy(root);
  // The build never gets a database: pages that need data read it at request time.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
  } as NodeJS.ProcessEnv;
  delete env.DATABASE_URL;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`next build failed (exit code ${code}).`)),
    );
  });
  writeBuildStamp(root);
}

if (isMain(import.meta.url)) {
  buildApp().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
