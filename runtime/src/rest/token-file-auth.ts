// A bearer token read from a file that something else rotates (a projected service-account token,
// a kubeconfig `tokenFile`). Like client-go's cached token source, the file is re-read when the
// cached copy is older than a period (a minute by default), and at once after a 401.
import { readFile } from "node:fs/promises";
import type { AuthProvider, Credentials } from "./rest-config.js";

/** Options for tokenFileAuth. */
export interface TokenFileAuthOptions {
  /** Re-read the file when the cached token is older than this (default 60 000 ms). */
  refreshMs?: number;
  /** Used when the file cannot be read and nothing was read before (kubeconfig `token`). */
  fallbackToken?: string;
  /** Clock, for tests. */
  now?: () => number;
}

/** Bearer auth from `path`, re-read as it rotates; the last successful read wins over the fallback. */
export function tokenFileAuth(path: string, options: TokenFileAuthOptions = {}): AuthProvider {
  const refreshMs = options.refreshMs ?? 60_000;
  const now = options.now ?? Date.now;
  let token: string | undefined;
  let readAt = -Infinity;

  async function reread(): Promise<string> {
    try {
      const text = (await readFile(path, "utf8")).trim();
      if (text === "") throw new Error("empty");
      token = text;
      readAt = now();
    } catch (err) {
      // Keep serving the last good token (or the fallback) if a rotation is half-written.
      const last = token ?? options.fallbackToken;
      if (last === undefined) {
        const code = (err as NodeJS.ErrnoException).code ?? "empty file";
        throw new Error(`cannot read the token file ${path} (${code})`);
      }
      token = last;
    }
    return token;
  }

  async function current(): Promise<string> {
    if (token !== undefined && now() - readAt < refreshMs) return token;
    return reread();
  }

  return {
    kind: "tokenFile",
    async credentials(): Promise<Credentials> {
      return { headers: { authorization: `Bearer ${await current()}` } };
    },
    async onUnauthorized(used: Credentials): Promise<boolean> {
      const next = await reread();
      return used.headers["authorization"] !== `Bearer ${next}`;
    },
  };
}
