import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Everything that changes what `next build` produces. */
const inputs = [
  "src",
  "content",
  "public",
  "mdx-components.tsx",
  "next.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
  "scripts/render-privacy-policy.ts",
];
const ignored = new Set(["node_modules", ".next", ".data"]);
const generated = new Set([path.join("public", "policies", "privacy-policy.pdf")]);
/** Read when the server starts (Next.js lists public/ then; /help reads the manifest per request). */
const readAtRuntime = path.join("public", "help", "videos");

const stampFile = (root: string) => path.join(root, ".next", "tariffscope-build.json");

function walk(root: string, relative: string, hash: ReturnType<typeof createHash>): void {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return;
  const stat = fs.statSync(full);
  if (stat.isDirectory()) {
    if (relative === readAtRuntime) return;
    for (const name of fs.readdirSync(full).sort()) {
      if (!ignored.has(name)) walk(root, path.join(relative, name), hash);
    }
    return;
  }
  if (generated.has(relative) || /\.(test|spec)\.tsx?$/.test(relative)) return;
  hash.update(relative).update("\0").update(fs.readFileSync(full)).update("\0");
}

export function sourceFingerprint(root: string): string {
  const hash = createHash("sha256");
  for (const input of inputs) walk(root, input, hash);
  return hash.digest("hex");
}

/** True when there is no production build, or the sources changed since it was made. */
export function isBuildStale(root: string): boolean {
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) return true;
  try {
    const stamp = JSON.parse(fs.readFileSync(stampFile(root), "utf8")) as { fingerprint?: string };
    return stamp.fingerprint !== sourceFingerprint(root);
  } catch {
    return true;
  }
}

export function writeBuildStamp(root: string): void {
  fs.writeFileSync(
    stampFile(root),
    JSON.stringify({ fingerprint: sourceFingerprint(root), builtAt: new Date().toISOString() }),
  );
}
