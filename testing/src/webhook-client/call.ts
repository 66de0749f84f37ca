// One POST of a review to a webhook, as the apiserver's webhook client (k8s.io/apiserver/pkg/util/webhook)
// makes it for admission and for CRD conversion alike: HTTPS to the url of the clientConfig with
// `?timeout=` appended, trusting the caBundle (or the system roots without one), bounded by the
// timeout; and every way that can fail worded as the real server words it (Go's net/http and
// client-go's rest errors, recorded in test/fixtures/apiserver-1.37/), so a test reads the same
// message here as from a cluster. Admission puts "failed to call webhook: " before these texts,
// conversion does not.
import { request } from "node:https";

/** A webhook call that failed before a usable answer, worded as the real server's client says it. */
export class WebhookCallError extends Error {}

/** Where a clientConfig points. The test server runs no Services, so a service reference cannot be reached. */
function target(clientConfig: Record<string, unknown>): { url: string; unreachable?: string } {
  if (typeof clientConfig["url"] === "string") return { url: clientConfig["url"] };
  const svc = (clientConfig["service"] ?? {}) as Record<string, unknown>;
  const name = String(svc["name"] ?? "");
  const path = typeof svc["path"] === "string" ? svc["path"] : "";
  const url = `https://${name}.${String(svc["namespace"] ?? "")}.svc:${String(svc["port"] ?? 443)}${path}`;
  return { url, unreachable: `service "${name}" not found` };
}

/** The text of an HTTP answer that is not 2xx, as client-go's rest client reports an unstructured one. */
function statusText(code: number, contentType: string, body: string): string {
  const server = contentType.startsWith("text/") && body.trim() !== "" ? body.trim().slice(0, 2048) : "unknown";
  switch (code) {
    case 400:
      return "the server rejected our request for an unknown reason";
    case 401:
      return "the server has asked for the client to provide credentials";
    case 404:
      return "the server could not find the requested resource";
    case 405:
      return "the server does not allow this method on the requested resource";
    case 409:
      return "the server reported a conflict";
    case 429:
      return "the server has received too many requests and has asked us to try again later";
    case 503:
      return "the server is currently unable to handle the request";
    case 504:
      return "the server was unable to return a response in the time allotted, but may still be processing the request";
  }
  if (code >= 500) return `an error on the server (${JSON.stringify(server)}) has prevented the request from succeeding`;
  return `the server responded with the status code ${code} but did not return more information`;
}

/** A Node network error as Go's net/http words it. */
function networkText(err: NodeJS.ErrnoException, url: URL): string {
  const host = url.port ? url.host : `${url.hostname}:443`;
  switch (err.code) {
    case "ECONNREFUSED":
      return `dial tcp ${host}: connect: connection refused`;
    case "ENOTFOUND":
      return `dial tcp: lookup ${url.hostname}: no such host`;
    case "UNABLE_TO_VERIFY_LEAF_SIGNATURE":
    case "SELF_SIGNED_CERT_IN_CHAIN":
    case "DEPTH_ZERO_SELF_SIGNED_CERT":
    case "UNABLE_TO_GET_ISSUER_CERT_LOCALLY":
      return "tls: failed to verify certificate: x509: certificate signed by unknown authority";
    case "ERR_TLS_CERT_ALTNAME_INVALID":
      return `tls: failed to verify certificate: x509: certificate is not valid for ${url.hostname}`;
    case "ECONNRESET":
      return "EOF";
  }
  return err.message;
}

/**
 * POSTs `review` to the webhook of `clientConfig`; resolves to the decoded answer, rejects with a
 * WebhookCallError worded as the real server's.
 */
export function callWebhook(clientConfig: Record<string, unknown>, timeoutSeconds: number, review: unknown): Promise<unknown> {
  const { url, unreachable } = target(clientConfig);
  const full = `${url}?timeout=${timeoutSeconds}s`;
  const fail = (text: string) => new WebhookCallError(`Post ${JSON.stringify(full)}: ${text}`);
  if (unreachable) return Promise.reject(fail(unreachable));
  const caBundle =
    typeof clientConfig["caBundle"] === "string" ? Buffer.from(clientConfig["caBundle"], "base64").toString("utf8") : undefined;
  const parsed = new URL(full);
  const body = JSON.stringify(review);
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (f: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      f();
    };
    const req = request(
      full,
      {
        method: "POST",
        agent: false,
        ...(caBundle ? { ca: caBundle } : {}),
        headers: { "Content-Type": "application/json", Accept: "application/json, */*", "Content-Length": Buffer.byteLength(body) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("error", (e) => settle(() => reject(fail(networkText(e, parsed)))));
        res.on("end", () =>
          settle(() => {
            const code = res.statusCode ?? 0;
            if (code < 200 || code > 299) {
              reject(new WebhookCallError(statusText(code, res.headers["content-type"] ?? "", text)));
              return;
            }
            try {
              resolve(decodeAnswer(text));
            } catch (e) {
              reject(e instanceof Error ? e : new WebhookCallError(String(e)));
            }
          }),
        );
      },
    );
    const timer = setTimeout(() => {
      settle(() => reject(fail("context deadline exceeded")));
      req.destroy();
    }, timeoutSeconds * 1000);
    req.on("error", (e: NodeJS.ErrnoException) => settle(() => reject(fail(networkText(e, parsed)))));
    req.end(body);
  });
}

/** The struct client-go decodes an answer's type into first, which its error message quotes. */
const TYPE_META = 'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';

/** Go's name for the JSON type of `v`, as json.Unmarshal's type errors say it. */
export function goJsonType(v: unknown): string {
  if (Array.isArray(v)) return "array";
  if (v === null) return "null";
  return typeof v === "object" ? "object" : typeof v === "boolean" ? "bool" : typeof v;
}

/**
 * The answer's body as the webhook client decodes it: YAML or JSON (client-go reads both, so a bare
 * word is a YAML string), which must be an object.
 */
function decodeAnswer(text: string): unknown {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    // Not JSON: the YAML decoder reads plain text as a string.
    v = text.trim();
  }
  if (!v || typeof v !== "object" || Array.isArray(v))
    throw new WebhookCallError(
      `couldn't get version/kind; json parse error: json: cannot unmarshal ${goJsonType(v)} into Go value of type ${TYPE_META}`,
    );
  return v;
}
