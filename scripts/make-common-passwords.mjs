// Writes src/lib/security/common-passwords.json: the 3,000 most common passwords, most common first,
// taken from the frequency-ordered list of @zxcvbn-ts/language-common (leaked-password corpora).
// The list ships in the repo so the check works offline. To regenerate:
//   mkdir -p /tmp/zx && (cd /tmp/zx && npm init -y && npm i @zxcvbn-ts/language-common@4.1.3)
//   NODE_PATH=/tmp/zx/node_modules node scripts/make-common-passwords.mjs
import fs from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { dictionary } = require("@zxcvbn-ts/language-common");
const top = dictionary["passwords-common"].slice(0, 3000);
fs.writeFileSync("src/lib/security/common-passwords.json", JSON.stringify(top, null, 0) + "\n");
console.log(`Wrote ${top.length} passwords.`);
