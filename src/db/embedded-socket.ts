import net from "node:net";

import type { PGlite } from "@electric-sql/pglite";

/**
 * Serves one PGlite database over the PostgreSQL wire protocol to any number of connections
 * (ADR 002). PGlite has a single session, so the connections take turns on it, and a turn is whole:
 *
 * - an extended-protocol query (Parse, Bind, Describe, Execute … up to its Sync) or a simple Query
 *   runs with no other connection's message in between, so no connection sees another's unnamed
 *   statement or portal;
 * - a transaction keeps the session from its BEGIN to its COMMIT or ROLLBACK, so no other
 *   connection's statement runs inside it;
 * - a connection that closes mid-transaction has its transaction rolled back.
 *
 * `@electric-sql/pglite-socket` queues single messages, so another connection's Parse could land
 * between a query's Bind and Execute: under concurrent transactions queries returned other
 * connections' rows (see the test beside this file).
 */

const sslRequestCode = 80877103;
const cancelRequestCode = 80877102;
const protocolVersion3 = 196608;
/** Sync ends an extended-protocol query, Query a simple one: the points where a turn can end. */
const endsTurn = new Set(["S", "Q"]);
const terminate = "X";

/** Who holds PGlite's one session, and who waits for it, in order of asking. */
class SessionTurns {
  private holder: object | null = null;
  private waiting: { who: object; go: () => void }[] = [];

  async take(who: object): Promise<void> {
    if (this.holder === who) return;
    if (this.holder === null) {
      this.holder = who;
      return;
    }
    await new Promise<void>((go) => this.waiting.push({ who, go }));
  }

  give(who: object): void {
    if (this.holder !== who) return;
    const next = this.waiting.shift();
    this.holder = next?.who ?? null;
    next?.go();
  }

  holds(who: object): boolean {
    return this.holder === who;
  }

  forget(who: object): void {
    this.waiting = this.waiting.filter((entry) => entry.who !== who);
  }
}

/** The length of the first complete message in `buffer` (startup messages have no type byte), or 0. */
function completeLength(buffer: Buffer, started: boolean): number {
  if (!started) {
    if (buffer.length < 4) return 0;
    const length = buffer.readInt32BE(0);
    return buffer.length >= length ? length : 0;
  }
  if (buffer.length < 5) return 0;
  const length = 1 + buffer.readInt32BE(1);
  return buffer.length >= length ? length : 0;
}

class Connection {
  private buffer = Buffer.alloc(0);
  private started = false;
  private work: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: PGlite,
    private readonly turns: SessionTurns,
    private readonly socket: net.Socket,
  ) {
    socket.setNoDelay(true);
    socket.on("data", (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.enqueue(() => this.drain());
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => this.close());
  }

  /** This connection's work runs in the order it arrived, one piece at a time. */
  private enqueue(step: () => Promise<void>): void {
    this.work = this.work.then(step).catch(() => {
      this.socket.destroy();
    });
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const length = completeLength(this.buffer, this.started);
      if (length === 0) return;
      const message = this.buffer.subarray(0, length);
      this.buffer = this.buffer.subarray(length);
      if (!this.started) await this.handleStartup(message);
      else await this.handleMessage(message);
    }
  }

  private async handleStartup(message: Buffer): Promise<void> {
    const code = message.length >= 8 ? message.readInt32BE(4) : 0;
    if (code === sslRequestCode) {
      this.socket.write("N");
      return;
    }
    // PGlite has no backend process to signal: a cancel request is consumed and answered with nothing.
    if (code === cancelRequestCode) return;
    if (code !== protocolVersion3) throw new Error("unsupported protocol");
    this.started = true;
    await this.run(message, true);
  }

  private async handleMessage(message: Buffer): Promise<void> {
    const type = String.fromCharCode(message[0]!);
    if (type === terminate) {
      this.socket.end();
      return;
    }
    await this.run(message, endsTurn.has(type));
  }

  /** Runs one message in this connection's turn; at a turn's end, outside a transaction, hands the session on. */
  private async run(message: Buffer, lastOfTurn: boolean): Promise<void> {
    await this.turns.take(this);
    if (this.closed) return;
    await this.db.execProtocolRawStream(new Uint8Array(message), {
      onRawData: (data) => {
        if (this.socket.writable) this.socket.write(Buffer.from(data));
      },
    });
    if (lastOfTurn && !this.db.isInTransaction()) this.turns.give(this);
  }

  /**
   * A closed connection stops waiting for the session at once; once whatever it is running has
   * finished, its open transaction is rolled back and the session handed on.
   */
  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.turns.forget(this);
    this.enqueue(async () => {
      if (!this.turns.holds(this)) return;
      try {
        if (this.db.isInTransaction()) await this.db.exec("rollback");
      } finally {
        this.turns.give(this);
      }
    });
  }
}

export type EmbeddedSocket = { port: number; stop: () => Promise<void> };

/** Listens on `host:port` (0 for any free port) and serves `db` until stopped. */
export async function serveEmbeddedSocket(options: {
  db: PGlite;
  host: string;
  port?: number;
  maxConnections?: number;
}): Promise<EmbeddedSocket> {
  const turns = new SessionTurns();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    new Connection(options.db, turns, socket);
  });
  server.maxConnections = options.maxConnections ?? 64;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host, () => resolve());
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
