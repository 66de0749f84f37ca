// Replays every write of the real server's transcripts (patch, crud, status_and_scale, builtin,
// finalizers_and_owners, and the creates of validation, crd_lifecycle and crd_validation) through the
// patch library: the previous object is the last object the server
// returned for the same resource, the library computes the next one, and the result — object and
// metadata.managedFields — must equal the server's answer once volatile values are dropped
// (uid, resourceVersion, creationTimestamp, deletionTimestamp, generation, managedFields[*].time).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  applyJsonPatch,
  applyMergePatch,
  applyStrategicMergePatch,
  builtinResourceSchema,
  CUSTOM_RESOURCE_PATCH_TYPES,
  crdResourceSchema,
  isObject,
  managerFromUserAgent,
  patchErrorStatus,
  prepareForCreate,
  prepareForUpdate,
  scaleManagedFields,
  serverSideApply,
  unsupportedPatchMessage,
  updateManagedFields,
  type JsonObject,
  type JsonValue,
  type ResourceSchema,
} from "../../../testing/src/patch/index.js";
import { TRANSCRIPTS } from "../../helpers/fixtures.js";

const DIR = TRANSCRIPTS;

interface Exchange {
  step: string;
  request: { method: string; path: string; headers: Record<string, string>; body?: JsonValue };
  response: { status: number; headers: Record<string, string>; body?: JsonObject };
}

const load = (name: string): Exchange[] => JSON.parse(readFileSync(`${DIR}/${name}`, "utf8")) as Exchange[];

const crds = load("crd_lifecycle.json")
  .slice(0, 2)
  .map((e) => e.request.body as JsonObject);
function crdSchema(plural: string): ResourceSchema {
  const crd = crds.find((c) => ((c["spec"] as JsonObject)["names"] as JsonObject)["plural"] === plural)!;
  const version = ((crd["spec"] as JsonObject)["versions"] as JsonObject[])[0]!;
  const subresources = isObject(version["subresources"]) ? version["subresources"] : {};
  return crdResourceSchema((version["schema"] as JsonObject)["openAPIV3Schema"] as JsonObject, {
    hasStatusSubresource: "status" in subresources,
  });
}

const BUILTIN_BY_PLURAL: Record<string, [string, string]> = {
  deployments: ["apps/v1", "Deployment"],
  configmaps: ["v1", "ConfigMap"],
  leases: ["coordination.k8s.io/v1", "Lease"],
  events: ["v1", "Event"],
  pods: ["v1", "Pod"],
  customresourcedefinitions: ["apiextensions.k8s.io/v1", "CustomResourceDefinition"],
};

interface Target {
  apiVersion: string;
  plural: string;
  name?: string;
  subresource?: string;
  query: URLSearchParams;
  key: string;
}

function parsePath(full: string): Target {
  const [path = "", qs = ""] = full.split("?");
  const parts = path.split("/").filter((p) => p !== "");
  const apiVersion = parts[0] === "api" ? parts[1]! : `${parts[1]}/${parts[2]}`;
  let rest = parts.slice(parts[0] === "api" ? 2 : 3);
  let ns = "";
  if (rest[0] === "namespaces" && rest.length >= 3) {
    ns = rest[1]!;
    rest = rest.slice(2);
  }
  const [plural = "", name, subresource] = rest;
  return {
    apiVersion,
    plural,
    ...(name !== undefined ? { name } : {}),
    ...(subresource !== undefined ? { subresource } : {}),
    query: new URLSearchParams(qs),
    key: `${apiVersion}/${ns}/${plural}/${name ?? ""}`,
  };
}

function schemaFor(t: Target): ResourceSchema {
  const b = BUILTIN_BY_PLURAL[t.plural];
  return b ? builtinResourceSchema(b[0], b[1])! : crdSchema(t.plural);
}

/** Drops the values that differ from run to run. */
function normalize(v: JsonValue | undefined): JsonValue | undefined {
  if (!isObject(v)) return v;
  const out = structuredClone(v);
  const meta = out["metadata"];
  if (isObject(meta)) {
    for (const k of ["uid", "resourceVersion", "creationTimestamp", "deletionTimestamp", "generation"]) delete meta[k];
    if (Array.isArray(meta["managedFields"])) {
      for (const e of meta["managedFields"]) if (isObject(e)) delete e["time"];
    }
  }
  return out;
}

function managedFieldsOf(o: JsonValue | undefined): JsonValue | undefined {
  return isObject(o) && isObject(o["metadata"])
    ? normalize({ metadata: { managedFields: o["metadata"]["managedFields"] ?? [] } })
    : undefined;
}

// Every leaf of `small` has the same value in `big` (for creates, where the server adds defaults).
function assertSubset(small: JsonValue, big: JsonValue | undefined, path = ""): void {
  if (isObject(small)) {
    assert.ok(isObject(big), `${path} should be an object`);
    for (const [k, v] of Object.entries(small)) assertSubset(v, big[k], `${path}.${k}`);
  } else {
    assert.deepEqual(small, big, path);
  }
}

// The transcripts were recorded by a client that edited response objects in place to build the next
// request, so a few recorded responses show the next request's edits. The true create response of
// status_and_scale[0] is the next request with the created replicas and no status.
function repairAliasedResponse(file: string, i: number, exchanges: Exchange[]): JsonObject | undefined {
  if (file !== "status_and_scale.json" || i !== 0) return exchanges[i]!.response.body;
  const next = structuredClone(exchanges[1]!.request.body as JsonObject);
  delete next["status"];
  (next["spec"] as JsonObject)["replicas"] = ((exchanges[0]!.request.body as JsonObject)["spec"] as JsonObject)["replicas"]!;
  return next;
}

function latestTime(o: JsonObject | undefined): string {
  const mf = isObject(o?.["metadata"]) ? o["metadata"]["managedFields"] : undefined;
  const times = Array.isArray(mf) ? mf.flatMap((e) => (isObject(e) && typeof e["time"] === "string" ? [e["time"]] : [])) : [];
  return times.sort().at(-1) ?? "2026-11-29T23:43:47Z";
}

type Outcome =
  | { kind: "object"; object: JsonObject; compare: "exact" | "managedFields+subset" }
  | { kind: "status"; body: JsonObject }
  | { kind: "skip"; why: string };

function replayWrite(ex: Exchange, t: Target, live: JsonObject | undefined, expected: JsonObject | undefined): Outcome {
  const schema = schemaFor(t);
  const opts = {
    manager: t.query.get("fieldManager") ?? managerFromUserAgent(ex.request.headers["User-Agent"]),
    apiVersion: t.apiVersion,
    ...(t.subresource ? { subresource: t.subresource } : {}),
    time: latestTime(expected),
    schema,
  };
  const body = ex.request.body as JsonValue;
  const contentType = ex.request.headers["Content-Type"] ?? "";
  if (ex.request.method === "POST") {
    // The server defaults and names the object; the library owns its managedFields.
    const created = prepareForCreate(structuredClone(expected!), schema);
    return { kind: "object", object: updateManagedFields(undefined, created, opts), compare: "exact" };
  }
  if (contentType === "application/apply-patch+yaml") {
    if (!t.query.get("fieldManager")) return { kind: "skip", why: "fieldManager validation is the server's" };
    const r = serverSideApply(live, body as JsonObject, { ...opts, force: t.query.get("force") === "true" });
    if (!r.object) return { kind: "status", body: r.status };
    return { kind: "object", object: live ? prepareForUpdate(live, r.object, schema, t.subresource) : r.object, compare: "exact" };
  }
  if (!live) return { kind: "skip", why: "no live object" };
  let incoming: JsonObject;
  if (ex.request.method === "PUT") {
    incoming = body as JsonObject;
  } else if (contentType === "application/merge-patch+json") {
    if (t.subresource === "scale") return { kind: "skip", why: "scale" };
    incoming = applyMergePatch(live, body) as JsonObject;
  } else if (contentType === "application/json-patch+json") {
    const r = applyJsonPatch(live, body);
    if (!r.ok) return { kind: "status", body: patchErrorStatus(r.error) };
    incoming = r.value as JsonObject;
  } else if (contentType === "application/strategic-merge-patch+json") {
    if (!schema.strategicMerge) {
      return {
        kind: "status",
        body: {
          kind: "Status",
          apiVersion: "v1",
          metadata: {},
          status: "Failure",
          message: unsupportedPatchMessage(CUSTOM_RESOURCE_PATCH_TYPES),
          reason: "UnsupportedMediaType",
          code: 415,
        },
      };
    }
    const r = applyStrategicMergePatch(live, body, schema.type);
    if (!r.ok) return { kind: "status", body: patchErrorStatus(r.error) };
    incoming = r.value;
  } else {
    return { kind: "skip", why: contentType };
  }
  const owned = updateManagedFields(live, incoming, opts);
  return { kind: "object", object: prepareForUpdate(live, owned, schema, t.subresource), compare: "exact" };
}

// Scale writes answer with a Scale; the parent object they leave behind is checked by the next write.
function scaleNext(ex: Exchange, live: JsonObject): JsonObject {
  const scale = { spec: { replicas: (live["spec"] as JsonObject)["replicas"]! } };
  const patched = applyMergePatch(scale, ex.request.body as JsonValue) as JsonObject;
  const next = structuredClone(live);
  (next["spec"] as JsonObject)["replicas"] = (patched["spec"] as JsonObject)["replicas"]!;
  return scaleManagedFields(next, ".spec.replicas");
}

/** One write to replay, with the object the server last returned for its resource before it. */
interface Step {
  readonly i: number;
  readonly ex: Exchange;
  readonly t: Target;
  readonly responseBody: JsonObject | undefined;
  readonly live: JsonObject | undefined;
}

/**
 * The writes of one transcript the library can answer (those only the server can answer — not found,
 * name conflicts, bad requests, schema validation — are left out), each with its starting state: the
 * object the server last returned for the same resource, or for a scale write's parent, what the
 * previous scale writes made of it. Computed from the recording alone, so every step runs on its own.
 */
function plan(file: string): Step[] {
  const exchanges = load(file);
  const state = new Map<string, JsonObject>();
  const steps: Step[] = [];
  exchanges.forEach((ex, i) => {
    const t = parsePath(ex.request.path);
    const responseBody = repairAliasedResponse(file, i, exchanges);
    const isWrite = ["POST", "PUT", "PATCH"].includes(ex.request.method);
    const serverOnly =
      ex.response.status === 404 ||
      (ex.response.status === 409 && ex.request.method !== "PATCH") ||
      [400].includes(ex.response.status) ||
      (ex.response.status === 422 && ex.request.headers["Content-Type"] !== "application/json-patch+json");
    const live = state.get(t.key);
    if (isWrite && !serverOnly) {
      steps.push({ i, ex, t, responseBody, live });
      if (t.subresource === "scale" && live) state.set(t.key, scaleNext(ex, live));
    }
    // The next write starts from whatever the server last returned for this object.
    if (
      (ex.response.status < 300 &&
        isObject(responseBody) &&
        responseBody["kind"] !== "Status" &&
        responseBody["kind"] !== "Scale" &&
        isWrite) ||
      (ex.request.method === "DELETE" &&
        ex.response.status === 200 &&
        isObject(responseBody?.["metadata"]) &&
        "deletionTimestamp" in responseBody["metadata"])
    ) {
      const key = t.name === undefined ? `${t.key}${String((responseBody["metadata"] as JsonObject)["name"])}` : t.key;
      state.set(key, responseBody);
    }
  });
  return steps;
}

/** Replays one step and asserts the library's answer is the server's. */
function checkStep({ ex, t, responseBody, live: recorded }: Step): "compared" | { skip: string } {
  // A copy, so no step can change another's starting state.
  const live = recorded === undefined ? undefined : structuredClone(recorded);
  if (t.subresource === "scale" && live) {
    const next = scaleNext(ex, live);
    assert.deepEqual((ex.response.body!["spec"] as JsonObject)["replicas"], (next["spec"] as JsonObject)["replicas"]);
    return "compared";
  }
  const out = replayWrite(ex, t, live, responseBody);
  if (out.kind === "skip") return { skip: out.why };
  if (out.kind === "status") {
    const got = structuredClone(out.body);
    const want = structuredClone(responseBody!);
    for (const s of [got, want]) {
      const causes = isObject(s["details"]) ? s["details"]["causes"] : undefined;
      if (Array.isArray(causes)) causes.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    }
    assert.deepEqual(got, want);
  } else if (t.name === undefined || ex.response.status === 201) {
    // Creates: the server adds defaults and identity; managedFields must match exactly.
    assert.deepEqual(managedFieldsOf(out.object), managedFieldsOf(responseBody));
    assertSubset(normalize(out.object)!, normalize(responseBody));
  } else {
    assert.deepEqual(normalize(out.object), normalize(responseBody));
  }
  return "compared";
}

const FILES = [
  "patch.json",
  "crud.json",
  "status_and_scale.json",
  "builtin.json",
  "finalizers_and_owners.json",
  "validation.json",
  "crd_lifecycle.json",
  "crd_validation.json",
];

for (const file of FILES) {
  for (const step of plan(file)) {
    test(`${file}[${step.i}] ${step.ex.step}`, (tc) => {
      const r = checkStep(step);
      if (r !== "compared") tc.skip(r.skip);
    });
  }
}

// How many writes of each file the library is compared on: a change that quietly stops comparing
// some (classifies them as the server's, or skips them) fails here even though no step fails.
const COMPARED: Record<string, number> = {
  "patch.json": 9,
  "crud.json": 4,
  "status_and_scale.json": 5,
  "builtin.json": 3,
  "finalizers_and_owners.json": 3,
  "validation.json": 8,
  "crd_lifecycle.json": 2,
  "crd_validation.json": 12,
};

test("transcript replay summary", () => {
  const counts = Object.fromEntries(FILES.map((f) => [f, plan(f).filter((step) => checkStep(step) === "compared").length]));
  console.log("patch library vs transcripts — " + FILES.map((f) => `${f}: ${counts[f]}`).join(", "));
  assert.deepEqual(counts, COMPARED);
});
