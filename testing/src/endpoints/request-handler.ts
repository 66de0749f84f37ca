// The one HTTP entry point: authentication, injected faults and latency, routing, and dispatch to the
// discovery documents and the resource verbs (get, list, watch, create, update, patch, delete,
// deletecollection) and subresources (status, scale). Errors become Status bodies here and nowhere else.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { parse as parseYaml } from "yaml";
import {
  ADMIN_USER,
  authenticate,
  forbiddenPath,
  forbiddenResource,
  isPublicPath,
  mintToken,
  serviceAccountGroups,
  type Caller,
} from "./auth.js";
import { coreResourceList, coreVersions, groupDocument, groupList, groupVersionResources, versionInfo } from "./discovery.js";
import { drainBody, mediaType, readBody, readBodyBytes, sendError, sendJson, sendPageNotFound } from "./http-io.js";
import { checkNotTooLarge, listBody, listObjects } from "./list-query.js";
import { decodeObject } from "./object-decode.js";
import { patchObject, patchOptionCauses } from "./patch-request.js";
import { loadProtobuf, mayUseProtobuf, protobufCodec, protobufLoaded } from "./protobuf/load.js";
import { onlyProtobuf, PROTOBUF } from "./protobuf/negotiate.js";
import { sendEncoded, sendErrorNegotiated, sendObject } from "./protobuf/respond.js";
import { partialList, partialMetadataTarget, partialMismatch, partialObject } from "./partial-metadata.js";
import { serveOpenApi } from "./openapi.js";
import type { KubeObject, ResourceInfo } from "../registry/resource-info.js";
import { route, type ResourceRoute } from "./route.js";
import { getScale, writeScale } from "./scale-subresource.js";
import { nowTimestamp, type RequestAttributes, type ServerState, type UserInfo } from "../server-state.js";
import { ApiError, badRequest, internalError, methodNotAllowed, notFound, tooManyRequests } from "../status-errors.js";
import { toTable, wantsTable } from "./table-output.js";
import { serveWatch } from "./watch-stream.js";
import { serveAggregatedDiscovery } from "./aggregated-discovery.js";
import { createObject } from "../registry/write-create.js";
import { annotate, currentAudit, microTime, withAuditContext, type AuditContext, type AuditEvent } from "../audit/audit-log.js";
import { auditLevelOf, type AuditPolicy, type AuditStage } from "../audit/audit-policy.js";
import type { Admission } from "../registry/admission-hooks.js";
import { requestAdmission } from "../admission/request-admission.js";
import { convertForRead } from "./read-conversion.js";
import { groupResource, objectKey, resourceKey, toWire, writeOptions } from "../registry/write-common.js";
import { deleteObject } from "../registry/write-delete.js";
import { getStored } from "../registry/controller-client.js";
import { deleteOptions } from "./delete-options.js";
import { updateObject } from "../registry/write-update.js";
import { queryBool } from "./query-params.js";
import { prepareForWrite } from "../apiextensions/crd-engines.js";

/** Whether a request body is YAML (application/yaml), which the server accepts like JSON. */
function isYamlBody(contentType: string | undefined): boolean {
  return /^application\/(yaml|x-yaml)\b/i.test(contentType ?? "");
}

/** YAML request bodies (kubectl --content-type, hand-written tests) are decoded as their JSON equivalent. */
function yamlToJson(text: string): string {
  try {
    return JSON.stringify(parseYaml(text));
  } catch (e) {
    throw badRequest(`error converting YAML to JSON: ${(e as Error).message}`);
  }
}

/**
 * A name from the URL must be a valid path segment before it can address storage (the registry's key
 * function checks it): ".", ".." and names with "%" are 400 BadRequest.
 */
function checkPathName(name: string): void {
  const problems = name === "." || name === ".." ? [`may not be '${name}'`] : name.includes("%") ? ["may not contain '%'"] : [];
  if (problems.length > 0) throw badRequest(`Name parameter invalid: ${JSON.stringify(name)}: ${problems.join(";")}`);
}

/** The media types a write body may have (the serializers the real server registers). */
const BODY_MEDIA_TYPES = ["application/json", "application/yaml", "application/vnd.kubernetes.protobuf"];

/** A POST or PUT body in a format the server has no decoder for is 415 (no Content-Type is JSON). */
function checkBodyContentType(contentType: string | undefined): void {
  if (contentType === undefined || contentType.trim() === "") return;
  const type = mediaType(contentType);
  if (BODY_MEDIA_TYPES.includes(type) || isYamlBody(type)) return;
  throw unsupportedMediaType();
}

/**
 * A request body as JSON or YAML text. client-go and kubectl's typed clients write built-ins (and
 * the DeleteOptions of a delete) as protobuf, decoded here into their JSON form
 * (protobuf/objects.ts); custom resources have no protobuf form, so a protobuf body for one is 415.
 * (kube-apiserver 1.37.2 itself answers that body with no response at all, a panic in the CRD
 * handler's decoder, see test/fixtures/protobuf-1.37; a 415 says what the test server refuses.)
 */
async function writeBodyText(req: IncomingMessage, info: ResourceInfo, method: string): Promise<string> {
  if ((method !== "POST" && method !== "PUT" && method !== "DELETE") || mediaType(req.headers["content-type"]) !== PROTOBUF)
    return readBody(req);
  if (info.custom && method !== "DELETE") throw unsupportedMediaType();
  const bytes = await readBodyBytes(req);
  return bytes.length === 0 ? "" : JSON.stringify(protobufCodec().decodeProtobufObject(bytes));
}

function unsupportedMediaType(): ApiError {
  return new ApiError(
    415,
    "UnsupportedMediaType",
    `the body of the request was in an unknown format - accepted media types include: ${BODY_MEDIA_TYPES.join(", ")}`,
  );
}

/**
 * A read whose Accept header names no type the server can produce is 406. Custom resources answer with
 * apiserver's negotiation message; built-ins with go-restful's.
 */
function checkAccept(accept: string | undefined, info: ResourceInfo): void {
  if (accept === undefined || accept.trim() === "") return;
  // Custom resources have no protobuf form: an Accept naming nothing else is refused.
  if (info.custom && onlyProtobuf(accept))
    throw new ApiError(406, "NotAcceptable", `only the following media types are accepted: ${BODY_MEDIA_TYPES.join(", ")}`);
  const ok = accept.split(",").some((range) => {
    const type = mediaType(range);
    return type === "*/*" || type === "application/*" || BODY_MEDIA_TYPES.includes(type);
  });
  if (ok) return;
  throw new ApiError(
    406,
    "NotAcceptable",
    info.custom ? `only the following media types are accepted: ${BODY_MEDIA_TYPES.join(", ")}` : "406: Not Acceptable",
  );
}

/** Methods the apiserver's request-info parser maps to a verb; any other has the empty verb. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

/** The CRD handler's 405 for a verb it does not serve (the verb is empty for unknown methods). */
function customMethodNotAllowed(verb: string, info: ResourceInfo): ApiError {
  return new ApiError(405, "MethodNotAllowed", `${verb} is not supported on resources of kind "${info.resource}.${info.group}"`);
}

/**
 * What a collection path allows beyond list and watch. Built-ins are routed by go-restful, which has
 * only list and watch on the all-namespaces path of a namespaced resource and no PUT or PATCH without a
 * name: anything else is 405. Custom resources go through the CRD handler, which lets the request through
 * to fail later: no name is 400 "name must be provided" (and see deleteCollection), except a create on
 * the all-namespaces path of a namespaced resource, which the CRD handler passes on to the plain 404
 * (returns false: answered).
 */
function checkCollectionScope(info: ResourceInfo, r: ResourceRoute, verb: string, res: ServerResponse): boolean {
  if (r.name !== undefined || r.subresource !== undefined) return true;
  const allNamespaces = info.namespaced && r.namespace === undefined;
  if (!info.custom) {
    if ((allNamespaces && verb !== "list" && verb !== "watch") || verb === "update" || verb === "patch") throw methodNotAllowed();
    return true;
  }
  if (allNamespaces && verb === "create") {
    sendPageNotFound(res);
    return false;
  }
  if (verb === "update" || verb === "patch") throw badRequest("name must be provided");
  return true;
}

/** Whether a GET is a watch (watch=true|1, or the legacy /watch/ path prefix). */
function isWatch(r: ResourceRoute, query: URLSearchParams): boolean {
  return r.watchPrefix || queryBool(query, "watch") === true;
}

/** The verb a request performs, as authorization names it. */
function verbOf(method: string, r: ResourceRoute, query: URLSearchParams): string {
  switch (method) {
    case "GET":
    case "HEAD":
      return isWatch(r, query) ? "watch" : r.name ? "get" : "list";
    case "POST":
      return "create";
    case "PUT":
      return "update";
    case "PATCH":
      return "patch";
    case "DELETE":
      return r.name ? "delete" : "deletecollection";
    default:
      return KNOWN_METHODS.has(method) ? method.toLowerCase() : "";
  }
}

/**
 * The request target as a URL, for its query and decoded path. Resolved against a base, a path that
 * starts with "//" would be read as a host name ("//-_%a-" is an invalid one, and threw before any
 * answer), so an origin-form target is appended to the base instead; a target that still does not
 * parse keeps only an empty query (routing reads the raw target anyway).
 */
function requestUrl(target: string): URL {
  try {
    return target.startsWith("/") ? new URL(`http://localhost${target}`) : new URL(target, "http://localhost");
  } catch {
    return new URL("http://localhost/");
  }
}

/** Handles one request; never throws. With an audit log, its event is written once the answer is complete. */
export async function handleRequest(state: ServerState, token: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // The audit filter runs first on a real server and names every request, answered or refused.
  const auditID = randomUUID();
  res.setHeader("Audit-Id", auditID);
  const audit = state.audit;
  if (!audit) return serveRequest(state, token, req, res);
  const ctx: AuditContext = { auditID, requestReceivedTimestamp: microTime(), annotations: new Map() };
  const log = (stage: AuditStage): void => {
    try {
      decideAuditLevel(audit.policy, ctx, req);
      if (ctx.level === "None" || ctx.level === undefined || ctx.omitStages?.has(stage)) return;
      audit.write(auditEvent(ctx, ctx.level, stage, req, res));
    } catch (e) {
      // As the real log backend, a failure loses the event and serves the request anyway.
      logFailure(req.method ?? "GET", req.url ?? "/", e);
    }
  };
  // A long-running request (a watch) is logged when its answer starts, as well as when it ends.
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  let started = false;
  res.writeHead = (...args: unknown[]) => {
    if (!started && ctx.verb === "watch") {
      started = true;
      res.statusCode = typeof args[0] === "number" ? args[0] : res.statusCode;
      log("ResponseStarted");
    }
    return writeHead(...args);
  };
  ctx.received = () => log("RequestReceived");
  res.once("close", () => log("ResponseComplete"));
  return withAuditContext(ctx, () => serveRequest(state, token, req, res));
}

/** Asks the policy for the request's level once (see ../audit/audit-policy.ts), with what is known of it by then. */
function decideAuditLevel(policy: AuditPolicy, ctx: AuditContext, req: IncomingMessage): void {
  if (ctx.level !== undefined) return;
  const ref = ctx.objectRef;
  // A Namespace is its own namespace, as the real server's request info names it.
  const namespace = ref?.namespace ?? (ref?.resource === "namespaces" && ref.apiGroup === undefined ? (ref.name ?? "") : "");
  const { level, omitStages, omitManagedFields } = auditLevelOf(policy, {
    user: ctx.user ?? ANONYMOUS_AUDIT_USER,
    verb: ctx.verb ?? (req.method ?? "GET").toLowerCase(),
    path: (req.url ?? "/").split("?")[0] ?? "/",
    ...(ref
      ? {
          resource: {
            group: ref.apiGroup ?? "",
            resource: ref.resource,
            ...(ref.subresource ? { subresource: ref.subresource } : {}),
            namespace,
            name: ref.name ?? "",
          },
        }
      : {}),
  });
  ctx.level = level;
  ctx.omitStages = omitStages;
  ctx.omitManagedFields = omitManagedFields;
}

const ANONYMOUS_AUDIT_USER = { username: "system:anonymous", groups: ["system:unauthenticated"] };

/** The event of a request at `stage` (see ../audit/audit-log.ts). */
function auditEvent(
  ctx: AuditContext,
  level: AuditEvent["level"],
  stage: AuditStage,
  req: IncomingMessage,
  res: ServerResponse,
): AuditEvent {
  const annotations = Object.fromEntries([...ctx.annotations].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const userAgent = req.headers["user-agent"];
  const complete = stage === "ResponseComplete";
  return {
    kind: "Event",
    apiVersion: "audit.k8s.io/v1",
    level,
    auditID: ctx.auditID,
    stage,
    requestURI: req.url ?? "/",
    verb: ctx.verb ?? (req.method ?? "GET").toLowerCase(),
    user: ctx.user ?? { ...ANONYMOUS_AUDIT_USER, groups: [...ANONYMOUS_AUDIT_USER.groups] },
    sourceIPs: [(req.socket.remoteAddress ?? "").replace(/^::ffff:/, "")],
    ...(userAgent ? { userAgent } : {}),
    ...(ctx.objectRef ? { objectRef: ctx.objectRef } : {}),
    ...(stage === "RequestReceived"
      ? {}
      : {
          responseStatus: (complete ? (ctx.failure ?? (ctx.status && { ...ctx.status, code: res.statusCode })) : undefined) ?? {
            metadata: {},
            code: res.statusCode,
          },
        }),
    ...(ctx.requestObject !== undefined ? { requestObject: ctx.requestObject } : {}),
    ...(complete && ctx.responseObject !== undefined ? { responseObject: ctx.responseObject } : {}),
    requestReceivedTimestamp: ctx.requestReceivedTimestamp,
    stageTimestamp: stage === "RequestReceived" ? ctx.requestReceivedTimestamp : microTime(),
    ...(Object.keys(annotations).length > 0 ? { annotations } : {}),
  };
}

/** Who an authenticated caller is, before impersonation. */
function callerUser(caller: Exclude<Caller, "anonymous">): { username: string; groups: string[] } {
  const u = caller === "authenticated" ? ADMIN_USER : caller;
  return { username: u.name, groups: [...u.groups] };
}

/** What the audit event says of a routed request: its verb and object. */
function noteRequest(ctx: AuditContext | undefined, attrs: RequestAttributes, r: ReturnType<typeof route>): void {
  if (!ctx) return;
  ctx.verb = attrs.verb;
  if (r.type !== "resource") return;
  ctx.objectRef = {
    resource: r.info.resource,
    ...(r.info.namespaced && r.namespace ? { namespace: r.namespace } : {}),
    ...(r.name ? { name: r.name } : {}),
    ...(r.info.group ? { apiGroup: r.info.group } : {}),
    apiVersion: r.info.version,
    ...(r.subresource ? { subresource: r.subresource } : {}),
  };
}

async function serveRequest(state: ServerState, token: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = requestUrl(req.url ?? "/");
  const warnings: string[] = [];
  try {
    // Before anything that could answer in protobuf or read a protobuf body (protobuf/load.ts).
    if (mayUseProtobuf(req) && !protobufLoaded()) await loadProtobuf();
    const caller = authenticate(req, token, state.settings.anonymousAuth, state.tokens);
    if (state.faults.latencyMs > 0) await new Promise((r) => setTimeout(r, state.faults.latencyMs));
    const failure = state.faults.takeFailure(url.pathname);
    if (failure) throw failure.code === 429 ? tooManyRequests(failure.retryAfterSeconds) : internalError("injected failure");
    // Routed on the raw path: WHATWG URL parsing would resolve "." and ".." segments, which the real
    // server instead receives as names (and rejects, see checkPathName).
    const r = route((req.url ?? "/").split("?")[0] ?? "/", state.registry);
    const audit = currentAudit();
    noteRequest(audit, requestAttributes(req.method ?? "GET", r, url), r);
    if (audit && caller !== "anonymous") audit.user = callerUser(caller);
    // The real server's audit filter logs RequestReceived once it knows the user and the object.
    audit?.received?.();
    if (caller === "anonymous" && !isPublicPath(url.pathname)) {
      if (r.type !== "resource") throw forbiddenPath(req.method ?? "GET", url.pathname);
      throw forbiddenResource(verbOf(req.method ?? "GET", r, url.searchParams), r.info.group, r.info.resource, r.namespace, r.name);
    }
    const user = caller === "anonymous" ? undefined : authorizeRequest(state, caller, req, r, url);
    if (user && audit) {
      audit.user = { username: user.name, groups: user.groups };
      annotate("authorization.k8s.io/decision", "allow");
      annotate("authorization.k8s.io/reason", "");
    }
    if (
      r.type === "noRoute" &&
      url.pathname.startsWith("/openapi/") &&
      (await serveOpenApi(state.registry, state.settings.emulate, req, res, url))
    )
      return;
    switch (r.type) {
      case "malformed":
        // The connection closes after this answer: a body left unread would reach a closed socket,
        // whose reset can destroy the answer before the client reads it ("socket hang up").
        await drainBody(req);
        res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
        return void res.end("400 Bad Request");
      case "noRoute":
        return sendPageNotFound(res);
      case "notFound":
        throw new ApiError(404, "NotFound", "the server could not find the requested resource", {});
      case "version":
        return sendJson(res, 200, versionInfo(state.settings.emulate));
      case "health":
        res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" });
        return void res.end("ok");
      case "api":
        if (serveAggregatedDiscovery(state, "api", req, res)) return;
        return sendJson(res, 200, coreVersions(state.address));
      case "apiV1":
        return sendJson(res, 200, coreResourceList(state.settings.emulate));
      case "apis":
        if (serveAggregatedDiscovery(state, "apis", req, res)) return;
        return sendJson(res, 200, groupList(state.registry));
      case "group": {
        const doc = groupDocument(state.registry, r.group ?? "");
        if (!doc) return sendPageNotFound(res);
        return sendJson(res, 200, doc);
      }
      case "groupVersion": {
        const doc = groupVersionResources(state.registry, r.group ?? "", r.version ?? "", state.settings.emulate);
        if (!doc) return sendPageNotFound(res);
        return sendJson(res, 200, doc);
      }
      case "resource":
        return await serveResource(state, r, req, res, url.searchParams, warnings, user ?? ADMIN_USER);
    }
  } catch (e) {
    answerFailure(req, url.pathname, res, e, warnings);
  }
}

/** The request as authorization sees it: a resource request for a routed resource, else a path. */
function requestAttributes(method: string, r: ReturnType<typeof route>, url: URL): RequestAttributes {
  if (r.type !== "resource") return { verb: method.toLowerCase(), path: url.pathname };
  return {
    verb: verbOf(method, r, url.searchParams),
    resource: {
      group: r.info.group,
      resource: r.info.resource,
      subresource: r.subresource ?? "",
      namespace: r.info.namespaced ? (r.namespace ?? "") : "",
      name: r.name ?? "",
    },
  };
}

/** All values of a request header (Impersonate-Group may repeat). */
function headerValues(req: IncomingMessage, name: string): string[] {
  return (req.headersDistinct[name] ?? []).filter((v) => v !== "");
}

/**
 * Who the request acts as, once the authorizer (when the server enforces one) allows it: the caller, or
 * the user its Impersonate-User/Impersonate-Group headers name when the caller may impersonate them
 * (verb "impersonate" on users, groups or serviceaccounts, as the impersonation filter asks). An
 * impersonated service account gets its groups, and any impersonated user but system:anonymous
 * system:authenticated, as the real filter adds them. Refused: the real server's 403.
 */
function authorizeRequest(
  state: ServerState,
  caller: Exclude<Caller, "anonymous">,
  req: IncomingMessage,
  r: ReturnType<typeof route>,
  url: URL,
): UserInfo {
  let user = caller === "authenticated" ? ADMIN_USER : caller;
  const authorizer = state.authorizer;
  if (!authorizer) return user;
  const method = req.method ?? "GET";
  const attrs = requestAttributes(method, r, url);
  const forbidden = (who: string, verb: string): ApiError =>
    attrs.resource
      ? forbiddenResource(
          verb,
          attrs.resource.group,
          attrs.resource.resource,
          attrs.resource.namespace || undefined,
          attrs.resource.name || undefined,
          who,
          attrs.resource.subresource,
        )
      : forbiddenPath(verb, attrs.path ?? "", who);
  const asUser = headerValues(req, "impersonate-user")[0];
  const asGroups = headerValues(req, "impersonate-group");
  if (asUser !== undefined || asGroups.length > 0) {
    if (asUser === undefined)
      throw new ApiError(500, "InternalError", "Internal error occurred: requested impersonation of groups without impersonating a user");
    const sa = /^system:serviceaccount:([^:]+):([^:]+)$/.exec(asUser);
    const may = (resource: string, name: string, namespace = ""): boolean =>
      authorizer.authorize(state, user, { verb: "impersonate", resource: { group: "", resource, subresource: "", namespace, name } })
        .allowed;
    const allowed = (sa ? may("serviceaccounts", sa[2] ?? "", sa[1]) : may("users", asUser)) && asGroups.every((g) => may("groups", g));
    if (!allowed) throw forbidden(user.name, `impersonate-on:user-info:${attrs.verb}`);
    const groups = [...(sa ? serviceAccountGroups(sa[1] ?? "").filter((g) => g !== "system:authenticated") : []), ...asGroups];
    if (asUser !== "system:anonymous" && !groups.includes("system:authenticated")) groups.push("system:authenticated");
    user = { name: asUser, groups };
  }
  if (!authorizer.authorize(state, user, attrs).allowed) {
    annotate("authorization.k8s.io/decision", "forbid");
    annotate("authorization.k8s.io/reason", "");
    throw forbidden(user.name, attrs.verb);
  }
  return user;
}

/**
 * Logs a failure that is not an ApiError, once, naming the request by method and path only: neither
 * bodies nor headers (the token) are written.
 */
function logFailure(method: string, path: string, e: unknown): void {
  const what = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  process.stderr.write(`kube-codegen test API server: internal error serving ${method} ${path}: ${what.slice(0, 300)}\n`);
}

/**
 * Turns any failure into a Status answer: ApiErrors as themselves, anything else as a 500. If even that
 * cannot be written (a header Node refuses), a bare 500 without warnings; if the answer has begun, the
 * response is ended; nothing escapes, so one request can never stop the server.
 */
function answerFailure(req: IncomingMessage, path: string, res: ServerResponse, e: unknown, warnings: readonly string[]): void {
  const method = req.method ?? "GET";
  if (!(e instanceof ApiError)) logFailure(method, path, e);
  try {
    if (res.headersSent) return void res.end();
    const err = e instanceof ApiError ? e : internalError(e instanceof Error ? e.message : String(e));
    const audit = currentAudit();
    if (audit) {
      const { kind: _kind, apiVersion: _apiVersion, ...status } = err.toStatus();
      audit.failure = status;
    }
    try {
      sendErrorNegotiated(req, res, err, warnings);
    } catch (again) {
      logFailure(method, path, again);
      if (res.headersSent) return void res.end();
      for (const h of res.getHeaderNames()) if (h !== "audit-id") res.removeHeader(h);
      sendError(res, internalError("the answer could not be written"));
    }
  } catch {
    res.destroy();
  }
}

/**
 * Node's HTTP parser refuses a method it does not know before any handler runs; the real server's
 * router answers such requests like any other unsupported verb: a 405 Status (the CRD handler's wording
 * on custom resources). Other parse errors get Node's bare 400.
 */
export function answerClientError(state: ServerState, err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex): void {
  if (!socket.writable) return;
  if (err.code !== "HPE_INVALID_METHOD") {
    socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    return;
  }
  const requestLine = (err.rawPacket?.toString("latin1") ?? "").split("\r\n")[0] ?? "";
  const path = (requestLine.split(" ")[1] ?? "/").split("?")[0] ?? "/";
  let r: ReturnType<typeof route> = { type: "noRoute" };
  try {
    r = route(path, state.registry);
  } catch {
    // A path the router cannot read is answered like an unknown one.
  }
  const status = r.type === "resource" && r.info.custom ? customMethodNotAllowed("", r.info).toStatus() : methodNotAllowed().toStatus();
  const body = JSON.stringify(status);
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAudit-Id: ${randomUUID()}\r\nContent-Type: application/json\r\nCache-Control: no-cache, private\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

async function serveResource(
  state: ServerState,
  r: ResourceRoute,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
  warnings: string[],
  user: UserInfo,
): Promise<void> {
  const info = r.info;
  const method = req.method ?? "GET";
  const verb = verbOf(method, r, query);
  // Custom resources are written as JSON whatever the Accept header prefers (their Status errors
  // are not: answerFailure negotiates those).
  const send = (code: number, body: unknown, w: readonly string[] = []): void => sendObject(req, res, code, body, w, !info.custom);
  if (info.custom && !KNOWN_METHODS.has(method)) throw customMethodNotAllowed(verb, info);
  // go-restful routes no HEAD for built-ins; the CRD handler serves it as GET.
  if (!info.custom && method === "HEAD") throw methodNotAllowed();
  if (info.discoveryOnly || !info.verbs.includes(verb)) throw methodNotAllowed();
  if (info.answer) return serveStorageless(state, info, r, verb, req, res, warnings, user);
  if (!checkCollectionScope(info, r, verb, res)) return;
  if (method === "GET" || method === "HEAD") checkAccept(req.headers["accept"], info);
  if (method === "POST" || method === "PUT") checkBodyContentType(req.headers["content-type"]);
  const raw = method === "GET" || method === "HEAD" ? "" : await writeBodyText(req, info, method);
  const body = isYamlBody(req.headers["content-type"]) ? yamlToJson(raw) : raw;
  const engines = prepareForWrite(info, body);
  if (engines) await engines;
  const ns = info.namespaced ? r.namespace : undefined;
  if (r.name !== undefined && verb !== "watch") checkPathName(r.name);
  // The request's admission: the policies and webhooks registered when it is made, for the user who made it.
  const admission = requestAdmission(state, user);
  if (r.subresource) return serveSubresource(state, info, r, method, req, res, body, query, warnings, admission);
  switch (verb) {
    case "watch":
      // Watching one object (legacy /watch/.../name) is a watch with a metadata.name field selector.
      if (r.name) query.set("fieldSelector", [query.get("fieldSelector"), `metadata.name=${r.name}`].filter(Boolean).join(","));
      return serveWatch(state, info, ns, query, req, res);
    case "list": {
      const page = listObjects(state, info, ns, query);
      const converted = convertForRead(info, page.items, true);
      if (converted) page.items = await converted;
      const body = listBody(info, page);
      if (wantsTable(req.headers["accept"])) {
        const { continue: cont, ...listMeta } = body["metadata"] as Record<string, unknown>;
        // Printed from the resource's own shape (events.k8s.io Events are stored as core ones).
        const items = info.sharedStorage ? page.items.map((o) => toWire(info, o)) : page.items;
        return send(200, toTable(info, items, cont ? { ...listMeta, continue: cont } : listMeta, state.settings.emulate));
      }
      const partial = partialMetadataTarget(req.headers["accept"], info.custom);
      if (partial) {
        const mismatch = partialMismatch(info, partial, true);
        if (mismatch) throw mismatch;
        return sendEncoded(res, 200, partialList(body), partial.protobuf);
      }
      return send(200, body);
    }
    case "get": {
      // GET with a resourceVersion is served "not older than" it from the cache, like a list.
      const rvText = query.get("resourceVersion") ?? "";
      if (/^\d+$/.test(rvText)) checkNotTooLarge(state, Number(rvText));
      const stored = state.store.get(resourceKey(info), objectKey(info, ns, r.name ?? ""));
      if (!stored) throw notFound(groupResource(info), r.name ?? "");
      const converted = convertForRead(info, [stored], false);
      const obj = converted ? ((await converted)[0] ?? stored) : stored;
      if (wantsTable(req.headers["accept"]))
        return send(200, toTable(info, [toWire(info, obj)], { resourceVersion: obj.metadata["resourceVersion"] }, state.settings.emulate));
      const partial = partialMetadataTarget(req.headers["accept"], info.custom);
      if (partial) {
        const mismatch = partialMismatch(info, partial, false);
        if (mismatch) throw mismatch;
        return sendEncoded(res, 200, partialObject(toWire(info, obj)), partial.protobuf);
      }
      return send(200, toWire(info, obj));
    }
    case "create": {
      if (r.name) throw methodNotAllowed();
      const opts = writeOptions(query, req.headers["user-agent"], "CreateOptions", [], state.settings.emulate);
      const created = decodeObject(body, info);
      // The audit event names the object a create sends (before any name is generated).
      const audit = currentAudit();
      const givenName = created.metadata["name"];
      if (audit?.objectRef && typeof givenName === "string" && givenName !== "") audit.objectRef = { ...audit.objectRef, name: givenName };
      const out = await createObject(state, info, ns, created, { ...opts, warnings, admission });
      return send(out.code, out.object, warnings);
    }
    case "update": {
      const opts = { ...writeOptions(query, req.headers["user-agent"], "UpdateOptions", [], state.settings.emulate), warnings, admission };
      const out = await updateObject(state, info, decodeObject(body, info), { namespace: ns, name: r.name ?? "" }, opts);
      return send(out.code, out.object, warnings);
    }
    case "patch": {
      const opts = {
        ...writeOptions(
          query,
          req.headers["user-agent"],
          "PatchOptions",
          patchOptionCauses(req.headers["content-type"], query),
          state.settings.emulate,
        ),
        warnings,
        admission,
      };
      const out = await patchObject(state, info, { namespace: ns, name: r.name ?? "" }, req.headers["content-type"], body, query, opts);
      return send(out.code, out.object, warnings);
    }
    case "delete": {
      const out = await deleteObject(state, info, ns, r.name ?? "", {
        ...deleteOptions(body, query, state.settings.emulate),
        admission,
        warnings,
      });
      return send(out.code, out.body, warnings);
    }
    case "deletecollection":
      return send(200, await deleteCollection(state, info, ns, body, query, admission, warnings));
  }
  throw methodNotAllowed();
}

/** A resource answered by code (reviews, component statuses): decode a create's body, call, answer. */
async function serveStorageless(
  state: ServerState,
  info: ResourceInfo,
  r: ResourceRoute,
  verb: string,
  req: IncomingMessage,
  res: ServerResponse,
  warnings: string[],
  user: UserInfo,
): Promise<void> {
  if (r.subresource !== undefined || (verb === "create" && r.name !== undefined)) throw notFound(groupResource(info), r.name ?? "");
  const answer = info.answer;
  if (!answer) throw methodNotAllowed();
  const raw = verb === "create" ? await readBodyBytes(req) : Buffer.alloc(0);
  // kubectl auth can-i's typed client sends its review as protobuf.
  let object: Record<string, unknown> | undefined;
  if (verb === "create" && mediaType(req.headers["content-type"]) === PROTOBUF) {
    object = decodeObject(JSON.stringify(protobufCodec().decodeProtobufObject(raw)), info);
  } else if (verb === "create") {
    const text = raw.toString("utf8");
    object = decodeObject(isYamlBody(req.headers["content-type"]) ? yamlToJson(text) : text, info);
  }
  const manager = writeOptions(new URLSearchParams(), req.headers["user-agent"]).manager;
  const authorizer = state.authorizer;
  const out = answer(info, {
    verb,
    manager,
    user,
    reviewToken: (t: string) => (t === state.adminToken ? ADMIN_USER : state.tokens.get(t)),
    ...(r.namespace !== undefined ? { namespace: r.namespace } : {}),
    ...(authorizer
      ? {
          authorize: (u: UserInfo, attrs: RequestAttributes) => authorizer.authorize(state, u, attrs),
          rules: (u: UserInfo, namespace: string) => authorizer.rules(state, u, namespace),
        }
      : {}),
    ...(r.name !== undefined ? { name: r.name } : {}),
    ...(object ? { object } : {}),
  });
  const allWarnings = [...warnings, ...(out.warnings ?? [])];
  // A list or get read as a Table (kubectl get cs) is printed like a stored kind's.
  if ((verb === "list" || verb === "get") && out.code === 200 && wantsTable(req.headers["accept"])) {
    const body = out.body as KubeObject & { items?: KubeObject[] };
    const items = verb === "list" ? (body.items ?? []) : [body];
    return sendObject(req, res, 200, toTable(info, items, {}, state.settings.emulate), allWarnings);
  }
  return sendObject(req, res, out.code, out.body, allWarnings);
}

async function deleteCollection(
  state: ServerState,
  info: ResourceInfo,
  ns: string | undefined,
  body: string,
  query: URLSearchParams,
  admission: Admission,
  warnings: string[],
): Promise<Record<string, unknown>> {
  const opts = { ...deleteOptions(body, query, state.settings.emulate), admission, warnings };
  const page = listObjects(state, info, ns, query);
  // A namespaced custom resource's collection deleted without a namespace: every item's delete needs
  // one, so the first fails the request before anything is deleted.
  if (info.namespaced && ns === undefined && page.items.length > 0) throw badRequest("Namespace parameter required.");
  const deleted = [];
  for (const obj of page.items) {
    try {
      await deleteObject(state, info, ns ?? (obj.metadata["namespace"] as string | undefined), String(obj.metadata["name"]), opts);
      deleted.push(obj);
    } catch (e) {
      if (!(e instanceof ApiError) || e.code !== 404) throw e;
    }
  }
  return listBody(info, { ...page, items: deleted });
}

async function serveSubresource(
  state: ServerState,
  info: ResourceInfo,
  r: ResourceRoute,
  method: string,
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
  query: URLSearchParams,
  warnings: string[],
  admission: Admission,
): Promise<void> {
  const ns = info.namespaced ? r.namespace : undefined;
  const name = r.name ?? "";
  const sub = r.subresource ?? "";
  const opts = {
    ...(method === "GET"
      ? writeOptions(new URLSearchParams(), req.headers["user-agent"])
      : method === "PATCH"
        ? writeOptions(
            query,
            req.headers["user-agent"],
            "PatchOptions",
            patchOptionCauses(req.headers["content-type"], query),
            state.settings.emulate,
          )
        : writeOptions(query, req.headers["user-agent"], "UpdateOptions", [], state.settings.emulate)),
    warnings,
    admission,
  };
  if (sub === "status" && info.statusSubresource) {
    if (method === "GET") {
      const obj = state.store.get(resourceKey(info), objectKey(info, ns, name));
      if (!obj) throw notFound(groupResource(info), name);
      return sendObject(req, res, 200, toWire(info, obj), [], !info.custom);
    }
    if (method === "PUT") {
      const out = await updateObject(state, info, decodeObject(body, info), { namespace: ns, name, subresource: "status" }, opts);
      return sendObject(req, res, out.code, out.object, warnings, !info.custom);
    }
    if (method === "PATCH") {
      const out = await patchObject(
        state,
        info,
        { namespace: ns, name, subresource: "status" },
        req.headers["content-type"],
        body,
        query,
        opts,
      );
      return sendObject(req, res, out.code, out.object, warnings, !info.custom);
    }
    throw methodNotAllowed();
  }
  if (sub === "scale" && info.scale) {
    if (method === "GET") return sendObject(req, res, 200, getScale(state, info, info.scale, ns, name), [], !info.custom);
    if (method === "PUT" || method === "PATCH") {
      const out = await writeScale(state, info, info.scale, { namespace: ns, name }, method, req.headers["content-type"], body, opts);
      return sendObject(req, res, 200, out, warnings, !info.custom);
    }
    throw methodNotAllowed();
  }
  if (sub === "token" && info.group === "" && info.resource === "serviceaccounts" && method === "POST")
    return sendObject(req, res, 201, tokenRequest(state, info, ns ?? "", name, body), warnings);
  throw notFound(groupResource(info), name);
}

/**
 * A TokenRequest (POST serviceaccounts/NAME/token): a token that authenticates as the service account,
 * with its groups, answered as the real server does (its audience, the expiration asked for or an hour).
 */
function tokenRequest(state: ServerState, info: ResourceInfo, namespace: string, name: string, body: string): Record<string, unknown> {
  if (!getStored(state, resourceKey(info), objectKey(info, namespace, name))) throw notFound(groupResource(info), name);
  let spec: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(body === "" ? "{}" : body) as Record<string, unknown>;
    spec = (parsed["spec"] ?? {}) as Record<string, unknown>;
  } catch {
    throw badRequest("the body of a TokenRequest must be JSON");
  }
  const seconds = typeof spec["expirationSeconds"] === "number" ? spec["expirationSeconds"] : 3600;
  const account = getStored(state, resourceKey(info), objectKey(info, namespace, name));
  const token = mintToken(state, {
    name: `system:serviceaccount:${namespace}:${name}`,
    groups: serviceAccountGroups(namespace),
    ...(typeof account?.metadata["uid"] === "string" ? { uid: account.metadata["uid"] } : {}),
    extra: { "authentication.kubernetes.io/credential-id": [`JTI=${randomUUID()}`] },
  });
  const expires = new Date(Date.now() + seconds * 1000).toISOString().replace(/\.\d+Z$/, "Z");
  return {
    kind: "TokenRequest",
    apiVersion: "authentication.k8s.io/v1",
    metadata: { name, namespace, creationTimestamp: nowTimestamp() },
    spec: {
      audiences: Array.isArray(spec["audiences"]) ? spec["audiences"] : ["https://kubernetes.default.svc"],
      expirationSeconds: seconds,
      boundObjectRef: null,
    },
    status: { token, expirationTimestamp: expires },
  };
}
