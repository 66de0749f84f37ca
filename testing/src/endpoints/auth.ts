// Authentication as kube-apiserver's union authenticator runs it: a client certificate the server's
// CA verified (x509) first, then the bearer token; a wrong token is 401 Unauthorized, and so is a
// client certificate from another CA when no token rescues it; no credential at all makes the caller
// system:anonymous, who may read /version and health checks but is Forbidden (403) everywhere else.
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import type { ServerState, UserInfo } from "../server-state.js";
import { ApiError } from "../status-errors.js";

/** Who the request is: the admin (the server's token or client certificate), a minted token's user, or anonymous. */
export type Caller = "authenticated" | "anonymous" | UserInfo;

/** The admin identity: the server's token and client certificate, in system:masters as a real cluster's admin. */
export const ADMIN_USER: UserInfo = { name: "kube-codegen-admin", groups: ["system:masters", "system:authenticated"] };

/** The groups of a service account's tokens (serviceaccount.MakeGroupNames, and system:authenticated). */
export function serviceAccountGroups(namespace: string): string[] {
  return ["system:serviceaccounts", `system:serviceaccounts:${namespace}`, "system:authenticated"];
}

/** Mints a bearer token that authenticates as `user` on this server (a TokenRequest, server.tokenFor). */
export function mintToken(state: ServerState, user: UserInfo): string {
  const token = randomBytes(24).toString("base64url");
  state.tokens.set(token, structuredClone(user));
  return token;
}

/**
 * Checks the Authorization header against `token` as the real bearer-token authenticator reads it: the
 * scheme is case-insensitive and the token is the second space-separated part. A header that is not a
 * bearer credential, or one with an empty token, authenticates nobody without an error, so the caller is
 * anonymous; only a present but wrong token is 401 (the union fails on that error rather than falling
 * back to anonymous). With anonymous requests disabled (--anonymous-auth=false) every non-match is 401.
 */
export function authenticate(req: IncomingMessage, token: string, allowAnonymous = true, minted?: ReadonlyMap<string, UserInfo>): Caller {
  const unauthorized = (): ApiError => new ApiError(401, "Unauthorized", "Unauthorized");
  const cert = clientCertificate(req);
  if (cert === "verified") return "authenticated";
  const header = (req.headers["authorization"] ?? "").trim();
  const parts = header === "" ? [] : header.split(" ").slice(0, 3);
  const presented = parts.length >= 2 && (parts[0] ?? "").toLowerCase() === "bearer" ? (parts[1] ?? "") : "";
  if (presented === "") {
    if (!allowAnonymous || cert === "unverified") throw unauthorized();
    return "anonymous";
  }
  if (presented === token) return "authenticated";
  const user = minted?.get(presented);
  if (user) return user;
  throw unauthorized();
}

/**
 * Whether the TLS client presented a certificate, and whether the server's client CA verified it (the
 * listener asks for one and lets the handshake finish either way, as kube-apiserver does).
 */
function clientCertificate(req: IncomingMessage): "verified" | "unverified" | "none" {
  const socket = req.socket as Partial<TLSSocket>;
  if (typeof socket.getPeerCertificate !== "function") return "none";
  const peer = socket.getPeerCertificate();
  if (Object.keys(peer).length === 0) return "none";
  return socket.authorized === true ? "verified" : "unverified";
}

/** Paths anonymous callers may read (the system:public-info-viewer role). */
export function isPublicPath(path: string): boolean {
  return ["/version", "/healthz", "/livez", "/readyz"].some((p) => path === p || path === `${p}/`);
}

/**
 * The 403 for a request on a resource (anonymous, or denied by the authorizer), as the real server's
 * forbidden responder words it; a subresource is named "deployments/status" after "cannot VERB resource".
 */
export function forbiddenResource(
  verb: string,
  group: string,
  resource: string,
  namespace: string | undefined,
  name?: string,
  user = "system:anonymous",
  subresource = "",
): ApiError {
  const qualified = group ? `${resource}.${group}` : resource;
  const target = name ? `${qualified} "${name}"` : qualified;
  const where = namespace ? ` in the namespace "${namespace}"` : "";
  const scope = namespace === undefined || namespace === "" ? " at the cluster scope" : "";
  const what = subresource ? `${resource}/${subresource}` : resource;
  return new ApiError(
    403,
    "Forbidden",
    `${target} is forbidden: User ${JSON.stringify(user)} cannot ${verb} resource "${what}" in API group "${group}"${where}${scope}`,
    { ...(name ? { name } : {}), group, kind: resource },
  );
}

/** The 403 for a request on a non-resource path such as /apis. */
export function forbiddenPath(method: string, path: string, user = "system:anonymous"): ApiError {
  return new ApiError(403, "Forbidden", `forbidden: User ${JSON.stringify(user)} cannot ${method.toLowerCase()} path "${path}"`, {});
}
