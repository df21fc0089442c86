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
