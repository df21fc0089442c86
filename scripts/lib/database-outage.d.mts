import type { ServerResponse } from "node:http";

export declare const outageStoreKey: symbol;
export declare function serveNotingOutages(response: ServerResponse, handle: () => unknown): unknown;
