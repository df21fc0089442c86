import { createRequire } from "node:module";

/** The Next.js CLI of this project, run with the current Node. */
export const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
