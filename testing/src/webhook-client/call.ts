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

/**
 * The Services a webhook's `service` reference resolves against (kube-apiserver's service lister):
 * the stored Service, or undefined when there is none.
 */
export type ServiceLookup = (namespace: string, name: string) => Record<string, unknown> | undefined;

/**
 * Where a clientConfig points: `url` as written (and shown in errors), and, for a service reference,
 * the host and port actually dialled. A service reference resolves as kube-apiserver's
 * ResolveCluster does it (k8s.io/apiserver/pkg/util/proxy): an ExternalName service to its
 * externalName at the reference's port; a ClusterIP, NodePort or LoadBalancer service to its
 * clusterIP at the service port equal to the reference's port; each failure worded as the real
 * server's (recorded from kube-apiserver 1.37.2: `service "wh" not found`, `no service port 18443
 * found for service "wh"`). The TLS server name and the Host header stay `<name>.<namespace>.svc`,
 * so the webhook's certificate is checked for the name kubebuilder's and cert-manager's are made
 * for. The test server allocates cluster IPs but routes nothing to them, so an ExternalName service
 * (which the real server resolves the same way) is how a test points a service reference at a
 * webhook on this machine.
 */
function target(
  clientConfig: Record<string, unknown>,
  services: ServiceLookup | undefined,
): { url: string; dial?: { host: string; port: number; serverName: string }; unreachable?: string } {
  if (typeof clientConfig["url"] === "string") return { url: clientConfig["url"] };
  const ref = (clientConfig["service"] ?? {}) as Record<string, unknown>;
  const name = String(ref["name"] ?? "");
  const namespace = String(ref["namespace"] ?? "");
  const port = typeof ref["port"] === "number" ? ref["port"] : 443;
  const path = typeof ref["path"] === "string" ? ref["path"] : "";
  const serverName = `${name}.${namespace}.svc`;
  const url = `https://${serverName}:${port}${path}`;
  const svc = services?.(namespace, name);
  if (!svc) return { url, unreachable: `service ${JSON.stringify(name)} not found` };
  const spec = (svc["spec"] ?? {}) as Record<string, unknown>;
  const type = typeof spec["type"] === "string" && spec["type"] !== "" ? spec["type"] : "ClusterIP";
  const clusterIP = typeof spec["clusterIP"] === "string" ? spec["clusterIP"] : "";
  if (type === "ExternalName") return { url, dial: { host: String(spec["externalName"] ?? ""), port, serverName } };
  if (type === "ClusterIP" && clusterIP === "None") return { url, unreachable: 'cannot route to service with ClusterIP "None"' };
  if (type === "ClusterIP" || type === "NodePort" || type === "LoadBalancer") {
    const ports = Array.isArray(spec["ports"]) ? (spec["ports"] as Record<string, unknown>[]) : [];
    if (!ports.some((p) => p["port"] === port))
      return { url, unreachable: `no service port ${port} found for service ${JSON.stringify(name)}` };
    if (clusterIP === "") return { url, unreachable: `dial tcp :${port}: connect: connection refused` };
    return { url, dial: { host: clusterIP, port, serverName } };
  }
  return { url, unreachable: `unsupported service type ${JSON.stringify(type)}` };
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
export function callWebhook(
  clientConfig: Record<string, unknown>,
  timeoutSeconds: number,
  review: unknown,
  services?: ServiceLookup,
): Promise<unknown> {
  const { url, dial, unreachable } = target(clientConfig, services);
  const full = `${url}?timeout=${timeoutSeconds}s`;
  const fail = (text: string) => new WebhookCallError(`Post ${JSON.stringify(full)}: ${text}`);
  if (unreachable) return Promise.reject(fail(unreachable));
  const caBundle =
    typeof clientConfig["caBundle"] === "string" ? Buffer.from(clientConfig["caBundle"], "base64").toString("utf8") : undefined;
  // Network errors name the address dialled: a service reference's resolved host.
  const parsed = dial ? new URL(`https://${dial.host.includes(":") ? `[${dial.host}]` : dial.host}:${dial.port}`) : new URL(full);
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
        // A service reference: dial what it resolved to, as the service's DNS name.
        ...(dial ? { hostname: dial.host, port: dial.port, servername: dial.serverName } : {}),
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, */*",
          "Content-Length": Buffer.byteLength(body),
          ...(dial ? { Host: `${dial.serverName}:${dial.port}` } : {}),
        },
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
