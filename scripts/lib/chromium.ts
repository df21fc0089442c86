import fs from "node:fs";

/**
 * Debian's Chromium (`apt-get install chromium`) as every browser run here launches it: the browser
 * tests, the benchmarks and the help videos. Playwright cannot download its own browser on these
 * machines; the flags keep it from reaching the network or a sandbox it cannot have.
 */
export const debianChromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

const headlessShell = "/usr/bin/chromium-headless-shell";

/**
 * The desktop browser tests' Chromium: Debian's headless shell (`apt-get install
 * chromium-headless-shell`) when it is installed, else the full browser. The shell is the same
 * Blink and V8 without the browser's window machinery, as Playwright's own downloads use for
 * headless tests; the suite takes less than half the time in it (ADR 216). CHROMIUM_PATH still
 * chooses a binary outright.
 */
export const testChromium = {
  ...debianChromium,
  executablePath:
    process.env.CHROMIUM_PATH ??
    (fs.existsSync(headlessShell) ? headlessShell : debianChromium.executablePath),
};
