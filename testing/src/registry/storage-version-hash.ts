// The storageVersionHash discovery advertises: the first 8 bytes of sha256("group/version/kind"), base64.
// Part of a resource's registry entry (builtin/resources.ts, apiextensions/crd-resources.ts); discovery prints it.
import { createHash } from "node:crypto";

/** Same hash a real server computes, so clients comparing hashes see consistent values. */
export function storageVersionHash(group: string, version: string, kind: string): string {
  return createHash("sha256").update(`${group}/${version}/${kind}`).digest().subarray(0, 8).toString("base64");
}
