import { readFileSync } from "node:fs";
import path from "node:path";

import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * A fresh `npm install` on the Node the README names (package.json's `engines.node`, its lowest
 * version) prints no engine warning: no package the lock file installs, development tools included,
 * asks for a newer Node.
 */
const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8"));

describe("the install on the README's Node", () => {
  const wanted: string = read("package.json").engines.node;
  const lowest = semver.minVersion(wanted)!.version;
  const lock: { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> } =
    read("package-lock.json");

  it("names Node 20.19 as the lowest, as the README says", () => {
    expect(lowest).toBe("20.19.0");
  });

  it("installs no package that asks for a newer Node", () => {
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name !== "")
      .map(([name, entry]) => ({
        name: name.replace(/^.*node_modules\//, ""),
        version: entry.version,
        node: Array.isArray(entry.engines) ? undefined : entry.engines?.node,
      }))
      .filter(({ node }) => node !== undefined && !semver.satisfies(lowest, node))
      .map(({ name, version, node }) => `${name}@${version} wants node ${node}`);
    expect(refusing).toEqual([]);
  });
});
