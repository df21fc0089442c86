import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The embedded default needs no configuration, yet its sessions must survive a restart:
 * a random auth secret is made on the first start and kept beside the data it protects.
 */
export function ensureEmbeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
