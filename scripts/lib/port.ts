import net from "node:net";

export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(
      `Port ${port} is already in use. Stop the program using it, or start TariffScope on another port: PORT=${port + 1} npm start`,
    );
    this.name = "PortInUseError";
  }
}

/** Resolves when nothing listens on `port` (any address), so the server will be able to bind it. */
export async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new PortInUseError(port) : error),
    );
    probe.once("listening", () => probe.close(() => resolve()));
    probe.listen(port);
  });
}
