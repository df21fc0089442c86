import type { ServerResponse } from "node:http";

export declare function serveNotingOutages(response: ServerResponse, handle: () => unknown): unknown;
