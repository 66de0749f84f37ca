// What the admission and conversion webhook replays share: a loopback HTTPS server for the recorded
// webhooks with a fresh certificate, the swap of the recording's webhook address and caBundle for it,
// and the comparison of answers without what differs between runs of any server.
import { createServer } from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { generateServerCertificate } from "../../runtime/src/tls/index.js";

type Json = Record<string, unknown>;

/** A webhook's answer: a JSON body, or raw text with a status for the ones that misbehave. */
export interface HookAnswer {
  status?: number;
  raw?: string;
  body?: unknown;
}

/** The recorded webhooks served on loopback: their base URL, the caBundle that trusts them, and close. */
export interface ServedHooks {
  base: string;
  caBundle: string;
  /** Replaces the recording's base URL and caBundle with these in a JSON value. */
  swap: <T>(v: T, recorded: { base: string; caBundle: string }) => T;
  close: () => Promise<void>;
}

/** Serves `answer` (path without query, decoded review) on 127.0.0.1 over TLS. */
export async function serveHooks(answer: (path: string, review: Json) => HookAnswer): Promise<ServedHooks> {
  const cert = generateServerCertificate("webhook-replay");
  const caBundle = Buffer.from(cert.certPem).toString("base64");
  const server = createServer({ cert: cert.certPem, key: cert.keyPem }, (req: IncomingMessage, res: ServerResponse) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (text += c));
    req.on("end", () => {
      const a = answer(req.url ?? "", JSON.parse(text) as Json);
      const body = a.raw ?? JSON.stringify(a.body);
      res.writeHead(a.status ?? 200, { "Content-Type": "application/json" }).end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `https://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    base,
    caBundle,
    swap: (v, recorded) =>
      JSON.parse(
        JSON.stringify(v ?? null)
          .replaceAll(recorded.base, base)
          .replaceAll(recorded.caBundle, caBundle),
      ) as typeof v,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Drops what differs between runs of any server: uids, times, resourceVersions, managedFields. */
export function normalise(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalise);
  if (!v || typeof v !== "object") return v;
  const out: Json = {};
  for (const [k, x] of Object.entries(v as Json)) {
    if (["uid", "resourceVersion", "creationTimestamp", "managedFields", "time", "lastTransitionTime"].includes(k)) continue;
    out[k] = normalise(x);
  }
  return out;
}

/** A JSON value with its object keys sorted: field order is the encoder's, not the data. */
export function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (!v || typeof v !== "object") return v;
  return Object.fromEntries(
    Object.entries(v as Json)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, x]) => [k, sortedKeys(x)]),
  );
}

/** The paths where two JSON values differ, for a readable failure. */
export function differences(a: unknown, b: unknown, path = ""): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (!a || !b || typeof a !== "object" || typeof b !== "object") return [`${path || "/"}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((k) => differences((a as Json)[k], (b as Json)[k], `${path}/${k}`));
}

/**
 * A Status message without what differs between runs: review uids and revisions. A LIST's storage error
 * names the first object it could not decode and counts the rest; which objects the real server still
 * had decoded in its cache is its own, so the key and the count are left out too.
 */
function runFree(s: string): string {
  return s
    .replace(/response\.uid="[0-9a-f-]+"/g, 'response.uid="UID"')
    .replace(/revision=\d+/g, "revision=N")
    .replace(/^(storage is \(re\)initializing: .*)Key: [^,]+, (.*?)( \(and \d+ more\))?$/, "$1Key: KEY, $2");
}

/** An answer's body as compared: normalised, with its Status messages and causes run-free. */
export function comparable(body: unknown): unknown {
  const b = normalise(body) as Json | null;
  if (!b || b["kind"] !== "Status") return b;
  const details = b["details"] as Json | undefined;
  const causes = details?.["causes"];
  return {
    ...b,
    ...(typeof b["message"] === "string" ? { message: runFree(b["message"]) } : {}),
    ...(details && Array.isArray(causes)
      ? {
          details: {
            ...details,
            causes: (causes as Json[]).map((c) => (typeof c["message"] === "string" ? { ...c, message: runFree(c["message"]) } : c)),
          },
        }
      : {}),
  };
}
