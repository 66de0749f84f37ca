// controller-runtime's filters.WithAuthenticationAndAuthorization, which kubebuilder's main.go puts in
// front of the metrics endpoint: the caller's bearer token is authenticated by a TokenReview and the
// request authorized by a SubjectAccessReview of its non-resource path and verb (`get /metrics`),
// both against the manager's API server, so Prometheus reads metrics with a ServiceAccount bound to a
// role like kubebuilder's metrics-reader. Requests without a token are refused. Answers are cached as the
// delegating authenticator and authorizer cache them (a minute; an allow five minutes, a deny 30 s),
// and the refusals are worded as controller-runtime writes them.
import type { IncomingMessage } from "node:http";
import type { Transport } from "../rest/transport.js";

/** Why a request for metrics is refused, as the HTTP status and plain-text message it gets. */
export interface MetricsRefusal {
  code: number;
  message: string;
}

/** Checks a request before the metrics server answers it: undefined lets it through. */
export type MetricsFilter = (req: IncomingMessage) => Promise<MetricsRefusal | undefined>;

interface Cached<T> {
  value: T;
  until: number;
}

interface User {
  username: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

const AUTHN_TTL_MS = 60_000;
const ALLOW_TTL_MS = 5 * 60_000;
const DENY_TTL_MS = 30_000;
// The caches' bound, so a flood of distinct tokens cannot grow them without end.
const MAX_CACHED = 1024;

function remember<T>(cache: Map<string, Cached<T>>, key: string, value: T, ttl: number): T {
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, { value, until: Date.now() + ttl });
  return value;
}

function recall<T>(cache: Map<string, Cached<T>>, key: string): T | undefined {
  const hit = cache.get(key);
  if (hit === undefined) return undefined;
  if (hit.until > Date.now()) return hit.value;
  cache.delete(key);
  return undefined;
}

/**
 * The bearer token of a request, as apiserver's bearertoken authenticator reads it: the header
 * trimmed and split on single spaces, "bearer" in any case first, the token second (what follows a
 * third space is ignored); none when that is empty.
 */
function bearerToken(req: IncomingMessage): string | undefined {
  const parts = (req.headers.authorization ?? "").trim().split(" ");
  if (parts.length < 2 || parts[0]!.toLowerCase() !== "bearer" || parts[1] === "") return undefined;
  return parts[1];
}

/**
 * The filter that authenticates each request with a TokenReview and authorizes it with a
 * SubjectAccessReview, both sent through `transport` (the manager's, so its credentials need
 * `create` on tokenreviews and subjectaccessreviews: kubebuilder's metrics-auth role).
 */
export function withAuthenticationAndAuthorization(transport: Transport): MetricsFilter {
  const users = new Map<string, Cached<User | null>>();
  const decisions = new Map<string, Cached<boolean>>();
  const authenticate = async (token: string): Promise<User | null> => {
    const cached = recall(users, token);
    if (cached !== undefined) return cached;
    const review = await transport.json<{ status?: { authenticated?: boolean; user?: User } }>({
      method: "POST",
      path: "/apis/authentication.k8s.io/v1/tokenreviews",
      body: { apiVersion: "authentication.k8s.io/v1", kind: "TokenReview", spec: { token } },
    });
    const user = review.status?.authenticated === true && review.status.user?.username ? review.status.user : null;
    return remember(users, token, user, AUTHN_TTL_MS);
  };
  const authorize = async (user: User, verb: string, path: string): Promise<boolean> => {
    const key = JSON.stringify([user.username, user.uid ?? "", user.groups ?? [], user.extra ?? {}, verb, path]);
    const cached = recall(decisions, key);
    if (cached !== undefined) return cached;
    const review = await transport.json<{ status?: { allowed?: boolean } }>({
      method: "POST",
      path: "/apis/authorization.k8s.io/v1/subjectaccessreviews",
      body: {
        apiVersion: "authorization.k8s.io/v1",
        kind: "SubjectAccessReview",
        spec: {
          user: user.username,
          ...(user.uid ? { uid: user.uid } : {}),
          ...(user.groups ? { groups: user.groups } : {}),
          ...(user.extra ? { extra: user.extra } : {}),
          nonResourceAttributes: { path, verb },
        },
      },
    });
    const allowed = review.status?.allowed === true;
    return remember(decisions, key, allowed, allowed ? ALLOW_TTL_MS : DENY_TTL_MS);
  };
  return async (req) => {
    const token = bearerToken(req);
    // No token is unauthenticated (401); a token the TokenReview does not accept is an error of the
    // bearer-token authenticator ("invalid bearer token"), which the filter answers with a 500, as
    // it does a review that fails.
    if (token === undefined) return { code: 401, message: "Unauthorized" };
    let user: User | null;
    try {
      user = await authenticate(token);
    } catch {
      return { code: 500, message: "Authentication failed" };
    }
    if (user === null) return { code: 500, message: "Authentication failed" };
    const path = new URL(req.url ?? "/", "https://metrics").pathname;
    try {
      if (await authorize(user, (req.method ?? "GET").toLowerCase(), path)) return undefined;
    } catch {
      return { code: 500, message: `Authorization for user ${user.username} failed` };
    }
    return { code: 403, message: `Authorization denied for user ${user.username}` };
  };
}
