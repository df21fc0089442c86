import type { IncomingMessage, ServerResponse } from "node:http";
import type { HeapInfo } from "node:v8";

export declare const pressureShare: number;
export declare const retryAfterSeconds: number;
export declare function isExpensive(url: string): boolean;
export declare function heapGuard(options?: {
  share?: number;
  /** How long a full collection's finding holds, in ms (1,000). */
  holdMs?: number;
  /** The clock, in ms (performance.now). */
  now?: () => number;
  log?: (message: string) => void;
  heap?: () => HeapInfo;
}): { sheds(url: string): boolean; stop(): void };
export declare function answerShed(request: IncomingMessage, response: ServerResponse): void;
