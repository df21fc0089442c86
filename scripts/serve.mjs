// The production (and dev) web server: Next.js behind a plain Node HTTP server, so that the client
// address the app sees comes from the socket, not from a header any client can forge (ADR 004).
// Started by scripts/start.ts; plain JavaScript because it runs outside Next's compiler.
import { createServer } from "node:http";

import next from "next";

import { clientAddressChain } from "./lib/client-address.mjs";

const port = Number(process.env.PORT ?? 3000);
const dev = process.argv.includes("--dev");
const clientAddressHeader = "x-tariffscope-client-ip";
const trustedProxies = (process.env.TRUSTED_PROXIES ?? "").split(",").filter((value) => value.trim());

const app = next({ dev, dir: process.cwd(), port, hostname: "localhost" });
const handle = app.getRequestHandler();

await app.prepare();
const server = createServer((request, response) => {
  request.headers[clientAddressHeader] = clientAddressChain(
    request.socket.remoteAddress,
    request.headers["x-forwarded-for"],
    trustedProxies,
  );
  // Only Next.js itself may mark a request as an internal subrequest (CVE-2025-29927).
  delete request.headers["x-middleware-subrequest"];
  handle(request, response);
});
server.listen(port, () =>
  console.log(`▲ Next.js ${dev ? "dev" : "production"} server on http://localhost:${port}`),
);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
