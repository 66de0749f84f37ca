// The built-in resources answered by code instead of storage: authorization.k8s.io's self reviews (what
// `kubectl auth can-i` asks) and core/v1 ComponentStatus (`kubectl get cs`). The test server's auth model
// has one identity that reaches them, the token user in system:masters (anonymous requests are refused
// before any resource), so every review is allowed, with the rules RBAC gives system:masters.
import { trackUpdate } from "../registry/managed-fields.js";
import type { DirectAnswer, DirectRequest, ResourceInfo } from "../registry/resource-info.js";
import { nowTimestamp } from "../server-state.js";
import { badRequest, invalid, notFound } from "../status-errors.js";
import type { RequestAttributes, UserInfo } from "../server-state.js";
import type { KubeObject } from "../storage/store.js";

/** What a 1.24 server's RBAC answers system:masters in a SelfSubjectRulesReview (recorded). */
const MASTERS_RULES = {
  resourceRules: [
    { verbs: ["create"], apiGroups: ["authorization.k8s.io"], resources: ["selfsubjectaccessreviews", "selfsubjectrulesreviews"] },
    { verbs: ["*"], apiGroups: ["*"], resources: ["*"] },
  ],
  nonResourceRules: [
    { verbs: ["get"], nonResourceURLs: ["/healthz", "/livez", "/readyz", "/version", "/version/"] },
    { verbs: ["*"], nonResourceURLs: ["*"] },
    {
      verbs: ["get"],
      nonResourceURLs: [
        "/api",
        "/api/*",
        "/apis",
        "/apis/*",
        "/healthz",
        "/livez",
        "/openapi",
        "/openapi/*",
        "/readyz",
        "/version",
        "/version/",
      ],
    },
  ],
  incomplete: false,
};

/**
 * A review is created and answered, never stored: the answer echoes the spec with the status filled in,
 * its metadata only creationTimestamp: null and the caller's Update entry in managedFields.
 */
function review(status: (spec: Record<string, unknown>, req: DirectRequest) => Record<string, unknown>, echoSpec = true) {
  return (info: ResourceInfo, req: DirectRequest): DirectAnswer => {
    if (req.verb !== "create" || req.object === undefined) throw badRequest("a review must be created");
    const spec = (req.object["spec"] ?? {}) as Record<string, unknown>;
    const obj: KubeObject = { kind: info.kind, apiVersion: `${info.group}/${info.version}`, metadata: { creationTimestamp: null }, spec };
    trackUpdate(info, undefined, obj, req.manager, undefined, nowTimestamp());
    // A rules review answers with an empty spec (the namespace asked about is not echoed), as recorded.
    return { code: 201, body: { ...obj, ...(echoSpec ? {} : { spec: {} }), status: status(spec, req) } };
  };
}

/** A review's 422 (the kind is empty in the real message: ".authorization.k8s.io \"\" is invalid"). */
function invalidReview(field: string, value: string, detail: string): Error {
  return invalid(".authorization.k8s.io", { group: "authorization.k8s.io", kind: "" }, "", [
    { reason: "FieldValueInvalid", message: `Invalid value: ${value}: ${detail}`, field },
  ]);
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/**
 * The status of a (self, local or plain) SubjectAccessReview: the server's authorizer asked about the
 * spec's attributes for the spec's user (or the caller's own, `self`), with its reason when it gave one;
 * every request is allowed when the server enforces no authorization, as AlwaysAllow answers.
 */
function accessReview(kind: "self" | "local" | "subject") {
  return (spec: Record<string, unknown>, req: DirectRequest): Record<string, unknown> => {
    const ra = spec["resourceAttributes"] as Record<string, unknown> | undefined;
    const nra = spec["nonResourceAttributes"] as Record<string, unknown> | undefined;
    if ((ra === undefined) === (nra === undefined))
      throw invalidReview("spec", "null", "exactly one of nonResourceAttributes or resourceAttributes must be specified");
    let user: UserInfo | undefined = req.user;
    if (kind !== "self") {
      const groups = Array.isArray(spec["groups"]) ? spec["groups"].filter((g): g is string => typeof g === "string") : [];
      if (str(spec["user"]) === "" && groups.length === 0)
        throw invalidReview("spec.user", '""', "at least one of user or group must be specified");
      user = { name: str(spec["user"]), groups };
    }
    const attrs: RequestAttributes = ra
      ? {
          verb: str(ra["verb"]),
          resource: {
            group: str(ra["group"]),
            resource: str(ra["resource"]),
            subresource: str(ra["subresource"]),
            namespace: kind === "local" ? (req.namespace ?? str(ra["namespace"])) : str(ra["namespace"]),
            name: str(ra["name"]),
          },
        }
      : { verb: str(nra?.["verb"]), path: str(nra?.["path"]) };
    if (!req.authorize || !user) return { allowed: true };
    const d = req.authorize(user, attrs);
    return { allowed: d.allowed, ...(d.reason ? { reason: d.reason } : {}) };
  };
}

/** The deprecation warning every ComponentStatus request carries on 1.19+. */
const COMPONENT_STATUS_WARNING = "v1 ComponentStatus is deprecated in v1.19+";

/**
 * The components a 1.24 server probes. The test server's store and controller loops are in process and
 * healthy; it runs no scheduler (pods stay Pending), so that one is unhealthy, as on a real control plane
 * without one.
 */
function componentStatuses(): Record<string, unknown>[] {
  const item = (name: string, healthy: boolean, message: string): Record<string, unknown> => ({
    metadata: { name, creationTimestamp: null },
    conditions: [{ type: "Healthy", status: healthy ? "True" : "False", message }],
  });
  return [
    item("scheduler", false, 'Get "https://127.0.0.1:10259/healthz": dial tcp 127.0.0.1:10259: connect: connection refused'),
    item("controller-manager", true, "ok"),
    item("etcd-0", true, '{"health":"true"}'),
  ];
}

function componentStatus(info: ResourceInfo, req: DirectRequest): DirectAnswer {
  const warnings = [COMPONENT_STATUS_WARNING];
  const items = componentStatuses();
  if (req.verb === "list") return { code: 200, body: { kind: "ComponentStatusList", apiVersion: "v1", metadata: {}, items }, warnings };
  const hit = items.find((i) => (i["metadata"] as Record<string, unknown>)["name"] === req.name);
  if (!hit) throw notFound({ group: "", resource: info.resource }, req.name ?? "");
  return { code: 200, body: { kind: "ComponentStatus", apiVersion: "v1", ...hit }, warnings };
}

/** The audience of the tokens the server mints, and the one a TokenReview checks by default. */
const API_AUDIENCE = "https://kubernetes.default.svc";

/** A user as a review reports it: username, uid and extra when known, groups. */
function reviewedUser(user: UserInfo): Record<string, unknown> {
  return {
    username: user.name,
    ...(user.uid !== undefined ? { uid: user.uid } : {}),
    groups: [...user.groups],
    ...(user.extra !== undefined ? { extra: structuredClone(user.extra) } : {}),
  };
}

/** A Go string slice printed with %q: ["a" "b"]. */
const goQuotedList = (values: readonly string[]): string => `[${values.map((v) => JSON.stringify(v)).join(" ")}]`;

/** A SelfSubjectReview (kubectl auth whoami): who the caller is, stamped now, with no spec and no managedFields. */
function selfSubjectReview(info: ResourceInfo, req: DirectRequest): DirectAnswer {
  if (req.verb !== "create" || req.object === undefined) throw badRequest("a review must be created");
  const user = req.user ?? { name: "system:anonymous", groups: ["system:unauthenticated"] };
  return {
    code: 201,
    body: {
      kind: info.kind,
      apiVersion: `${info.group}/${info.version}`,
      metadata: { creationTimestamp: nowTimestamp() },
      status: { userInfo: reviewedUser(user) },
    },
  };
}

/**
 * A TokenReview: whom a bearer token authenticates, as the real server's token authenticators answer.
 * Only the tokens this server minted for service accounts carry an audience (the API's); the server's
 * own token and users' tokens are static, so a review for another audience finds neither.
 */
function tokenReview(info: ResourceInfo, req: DirectRequest): DirectAnswer {
  if (req.verb !== "create" || req.object === undefined) throw badRequest("a review must be created");
  const spec = (req.object["spec"] ?? {}) as Record<string, unknown>;
  const token = str(spec["token"]);
  if (token === "") throw badRequest("token is required for TokenReview in authentication");
  const audiences = Array.isArray(spec["audiences"]) ? spec["audiences"].map(String) : [];
  const echoed = { token, ...(audiences.length > 0 ? { audiences } : {}) };
  const obj: KubeObject = { kind: info.kind, apiVersion: `${info.group}/${info.version}`, metadata: {}, spec: echoed };
  trackUpdate(info, undefined, obj, req.manager, undefined, nowTimestamp());
  const user = req.reviewToken?.(token);
  const forApi = audiences.length === 0 || audiences.includes(API_AUDIENCE);
  let status: Record<string, unknown>;
  if (user !== undefined && forApi) status = { authenticated: true, user: reviewedUser(user), audiences: [API_AUDIENCE] };
  else if (user !== undefined && user.name.startsWith("system:serviceaccount:"))
    status = {
      user: {},
      error: `[invalid bearer token, token audiences ${goQuotedList([API_AUDIENCE])} is invalid for the target audiences ${goQuotedList(audiences)}]`,
    };
  else status = { user: {}, error: "invalid bearer token" };
  return { code: 201, body: { ...obj, status } };
}

/** Hooks by "group/resource". */
export const STORAGELESS: Record<string, (info: ResourceInfo, req: DirectRequest) => DirectAnswer> = {
  "/componentstatuses": componentStatus,
  "authentication.k8s.io/selfsubjectreviews": selfSubjectReview,
  "authentication.k8s.io/tokenreviews": tokenReview,
  "authorization.k8s.io/selfsubjectaccessreviews": review(accessReview("self")),
  "authorization.k8s.io/subjectaccessreviews": review(accessReview("subject")),
  "authorization.k8s.io/localsubjectaccessreviews": review(accessReview("local")),
  // The admin (system:masters) keeps the recorded answer; anyone else, under RBAC, gets the rules that apply.
  "authorization.k8s.io/selfsubjectrulesreviews": review(
    (spec, req) =>
      req.rules && req.user && !req.user.groups.includes("system:masters") ? req.rules(req.user, str(spec["namespace"])) : MASTERS_RULES,
    false,
  ),
};
