// Serves the production build for the browser tests on a brand-new embedded database,
// so every run starts from the same seeded state: the generated sample, whose shape the tests are
// written against, rather than the real published data a first `npm start` loads (ADR 210).
import { spawn } from "node:child_process";
import fs from "node:fs";

const dataDir = process.env.DATA_DIR ?? ".data-e2e";
fs.rmSync(dataDir, { recursive: true, force: true });

// Node itself runs the starter with tsx's loader: tsx's command would kill a starter that is slow to
// acknowledge a signal, leaving its web server running.
const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
  stdio: "inherit",
  env: { ...process.env, SAMPLE_DATA: process.env.SAMPLE_DATA ?? "generated" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
