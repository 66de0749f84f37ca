// Bearer-token authentication and the answers a real server gives without it: a wrong token is 401
// Unauthorized; no token makes the caller system:anonymous, who may read /version and health checks
// but is Forbidden (403) everywhere else.
import type { IncomingMessage } from "node:http";
import { ApiError } from "./status-errors.js";

/** Who the request is: the token's user, or anonymous. */
export type Caller = "authenticated" | "anonymous";

/** Checks the Authorization header against `token`; throws 401 for a wrong or malformed credential, and for
 *  a missing one when anonymous requests are disabled (kube-apiserver --anonymous-auth=false). */
export function authenticate(req: IncomingMessage, token: string, allowAnonymous = true): Caller {
  const header = req.headers["authorization"];
  if (header === undefined || header === "") {
    if (!allowAnonymous) throw new ApiError(401, "Unauthorized", "Unauthorized");
    return "anonymous";
  }
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!m || m[1] !== token) throw new ApiError(401, "Unauthorized", "Unauthorized");
  return "authenticated";
}

/** Paths anonymous callers may read (the system:public-info-viewer role). */
export function isPublicPath(path: string): boolean {
  return ["/version", "/healthz", "/livez", "/readyz"].some((p) => path === p || path === `${p}/`);
}

/** The 403 for an anonymous request on a resource. */
export function forbiddenResource(verb: string, group: string, resource: string, namespace: string | undefined, name?: string): ApiError {
  const qualified = group ? `${resource}.${group}` : resource;
  const target = name ? `${qualified} "${name}"` : qualified;
  const where = namespace ? ` in the namespace "${namespace}"` : "";
  const scope = namespace === undefined ? " at the cluster scope" : "";
  return new ApiError(
    403,
    "Forbidden",
    `${target} is forbidden: User "system:anonymous" cannot ${verb} resource "${resource}" in API group "${group}"${where}${scope}`,
    { group, kind: resource, ...(name ? { name } : {}) },
  );
}

/** The 403 for an anonymous request on a non-resource path such as /apis. */
export function forbiddenPath(method: string, path: string): ApiError {
  return new ApiError(403, "Forbidden", `forbidden: User "system:anonymous" cannot ${method.toLowerCase()} path "${path}"`, {});
}
