import { createHash } from "node:crypto";

/**
 * The SHA-256 of a list of strings, each prefixed with its length, so no two different lists give
 * the same bytes to hash (`["ab", "c"]` and `["a", "bc"]` differ).
 */
export function digest(parts: readonly string[]): string {
  const h = createHash("sha256");
  for (const p of parts) h.update(`${p.length}:`).update(p).update("\0");
  return h.digest("hex");
}

/** The SHA-256 of a string's UTF-8 bytes. */
export function sha256(text: string | Uint8Array): string {
  return createHash("sha256").update(text).digest("hex");
}
