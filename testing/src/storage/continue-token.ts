// Continue tokens in the real server's format (base64url JSON {"v","rv","start"}), so a token's
// resourceVersion and start key can be read back, and garbage is rejected with the same wording.
import { badRequest } from "../status-errors.js";

/** A decoded continue token. */
export interface ContinueToken {
  rv: number;
  /** The key to resume from (inclusive), relative to the list's prefix. */
  start: string;
}

/** Encodes a token resuming after `lastKey` at revision `rv`. */
export function encodeContinue(rv: number, lastKey: string): string {
  return encodeContinueFrom(rv, `${lastKey}\u0000`);
}

/** Encodes a token resuming at `startKey` (inclusive); rv -1 means "at the latest revision". */
export function encodeContinueFrom(rv: number, startKey: string): string {
  const json = JSON.stringify({ v: "meta.k8s.io/v1", rv, start: startKey });
  return Buffer.from(json, "utf8").toString("base64url");
}

function goQuoteChar(c: string): string {
  if (c === "'") return "'\\''";
  if (c === '"') return "'\"'";
  const code = c.charCodeAt(0);
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return `'\\u${code.toString(16).padStart(4, "0")}'`;
  return `'${c}'`;
}

/** Decodes a token; malformed tokens are the server's 400 "invalid continue token". */
export function decodeContinue(token: string): ContinueToken {
  const fail = (why: string): never => {
    throw badRequest(`invalid continue token: continue key is not valid: ${why}`);
  };
  if (!/^[A-Za-z0-9_-]*$/.test(token)) fail(`illegal base64 data at input byte ${token.search(/[^A-Za-z0-9_-]/)}`);
  const bytes = Buffer.from(token, "base64url");
  const text = bytes.toString("latin1");
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString("utf8"));
  } catch {
    const first = text.trimStart()[0] ?? "";
    return fail(first ? `invalid character ${goQuoteChar(first)} looking for beginning of value` : "unexpected end of JSON input");
  }
  const p = parsed as { v?: unknown; rv?: unknown; start?: unknown };
  if (p.v !== "meta.k8s.io/v1") return fail(`server does not recognize this encoded version ${JSON.stringify(String(p.v ?? ""))}`);
  // Zero is invalid; negative (-1) is the "latest revision" token an expired-continue answer hands out.
  if (typeof p.rv !== "number" || !Number.isInteger(p.rv) || p.rv === 0)
    return fail("incorrect encoded start resourceVersion (version meta.k8s.io/v1)");
  if (typeof p.start !== "string" || p.start.length === 0) return fail("encoded start key empty (version meta.k8s.io/v1)");
  if (p.start.includes("/..") || p.start.startsWith("../")) return fail("continue key may not contain '..'");
  return { rv: p.rv, start: p.start };
}
