import { pathToFileURL } from "node:url";

/** True when the module at `moduleUrl` is the script node was asked to run. */
export function isMain(moduleUrl: string): boolean {
  return Boolean(process.argv[1]) && moduleUrl === pathToFileURL(process.argv[1]!).href;
}
