// What the apiextensions controllers do for the test server: CRDs are checked on write (checkCrd, 422 like
// a real server), their resources are served as soon as they are stored, their status turns Established
// right after create, and deleting a CRD deletes its custom resources and stops serving them.
import { checkCrd, checkCrdUpdate, crdWarnings } from "@kube-codegen/apiextensions/on-demand";
import { crdResources, defaultCrd, establishedStatus, initialStatus } from "./crd-resources.js";
import { deepCopy, updateManagedFields, type JsonObject } from "../patch/index.js";
import { patchSchemaFor } from "../registry/patch-schema.js";
import type { ResourceInfo } from "../registry/resource-info.js";
import { storageKey } from "../registry/resource-info.js";
import { nowTimestamp, type Emulate, type ServerState } from "../server-state.js";
import type { StatusCause } from "../status-errors.js";
import type { ChangeEvent, KubeObject } from "../storage/store.js";

/** Storage key of CustomResourceDefinitions. */
export const CRD_KEY = "apiextensions.k8s.io/customresourcedefinitions";

/** Adds CRD defaulting and checking to the built-in CRD resource entry. */
export function decorateCrdResource(info: ResourceInfo, emulate: Emulate): void {
  // The CEL environment rules compile in (optional syntax from 1.28, homogeneous literals from 1.29)
  // and the cost estimate (scalar sizes from 1.25) are the emulated release's.
  const serverVersion = emulate === "1.24" ? 24 : 37;
  info.defaulter = (obj) => {
    if (emulate === "1.24") dropFieldsUnknownTo124(obj);
    defaultCrd(obj);
    if (obj["status"] === undefined) obj["status"] = initialStatus(obj);
  };
  info.ownMetaValidation = true;
  info.validator = (obj, old): StatusCause[] => {
    const problems = old
      ? checkCrdUpdate(obj, old, { established: isEstablished(old as KubeObject), serverVersion })
      : checkCrd(obj, { serverVersion });
    return problems.map((p) => ({ reason: p.reason, message: p.message, field: p.field }));
  };
  info.warner = (obj, old) => crdWarnings(obj, old, serverVersion).map((w) => w.message);
}

// A rule's fields that came after 1.24: messageExpression (1.27), reason and fieldPath (1.28),
// optionalOldSelf (1.29).
const LATER_RULE_FIELDS = ["messageExpression", "reason", "fieldPath", "optionalOldSelf"];
// The keywords under which a schema holds schemas: one, a list of them, or a map of them by name.
const ONE = ["items", "additionalProperties", "additionalItems", "not"];
const LIST = ["allOf", "anyOf", "oneOf", "items"];
const BY_NAME = ["properties", "patternProperties", "definitions", "dependencies"];

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

function dropLaterRuleFields(schema: unknown): void {
  if (!isRecord(schema)) return;
  const rules = schema["x-kubernetes-validations"];
  if (Array.isArray(rules)) for (const r of rules) if (isRecord(r)) for (const f of LATER_RULE_FIELDS) delete r[f];
  for (const k of ONE) dropLaterRuleFields(schema[k]);
  for (const k of LIST) if (Array.isArray(schema[k])) for (const s of schema[k]) dropLaterRuleFields(s);
  for (const k of BY_NAME) if (isRecord(schema[k])) for (const s of Object.values(schema[k])) dropLaterRuleFields(s);
}

/**
 * What 1.24 drops as unknown fields when it decodes a CRD: each version's selectableFields (1.30) and
 * the later fields of its rules, which it therefore neither checks nor honours.
 */
function dropFieldsUnknownTo124(crd: Record<string, unknown>): void {
  const versions = (crd["spec"] as { versions?: unknown } | undefined)?.versions;
  if (!Array.isArray(versions)) return;
  for (const v of versions) {
    if (!isRecord(v)) continue;
    delete v["selectableFields"];
    if (isRecord(v["schema"])) dropLaterRuleFields(v["schema"]["openAPIV3Schema"]);
  }
}

function isEstablished(crd: KubeObject): boolean {
  const conditions = (crd["status"] as { conditions?: { type?: string; status?: string }[] } | undefined)?.conditions;
  return Array.isArray(conditions) && conditions.some((c) => c.type === "Established" && c.status === "True");
}

/** Writes the Established status the way the real controller does (manager kube-apiserver, status subresource). */
function establish(state: ServerState, info: ResourceInfo, name: string): void {
  const cur = state.store.get(CRD_KEY, name);
  if (!cur || isEstablished(cur) || cur.metadata["deletionTimestamp"]) return;
  const now = nowTimestamp();
  const next = deepCopy<KubeObject>(cur);
  next["status"] = establishedStatus(cur, now);
  const tracked = updateManagedFields(cur as JsonObject, next as JsonObject, {
    manager: "kube-apiserver",
    apiVersion: "apiextensions.k8s.io/v1",
    subresource: "status",
    time: now,
    schema: patchSchemaFor(info),
  });
  next.metadata["managedFields"] = (tracked["metadata"] as Record<string, unknown>)["managedFields"];
  state.store.update(CRD_KEY, name, next);
}

/** Deletes every object of the resources a CRD served (as the CRD finalizer's cleanup does). */
function deleteCustomResources(state: ServerState, crd: KubeObject): void {
  const spec = (crd["spec"] ?? {}) as { group?: string; names?: { plural?: string } };
  const key = storageKey({ group: spec.group ?? "", resource: spec.names?.plural ?? "" });
  for (const obj of state.store.list(key)) {
    const k = obj.metadata["namespace"]
      ? `${String(obj.metadata["namespace"])}/${String(obj.metadata["name"])}`
      : String(obj.metadata["name"]);
    state.store.delete(key, k);
  }
}

/** Keeps the registry in step with stored CRDs; call once per server. */
export function startCrdController(state: ServerState, crdInfo: ResourceInfo): () => void {
  return state.store.subscribe((e: ChangeEvent) => {
    if (e.resource !== CRD_KEY) return;
    const name = String(e.object.metadata["name"]);
    if (e.type === "DELETED") {
      deleteCustomResources(state, e.object);
      state.registry.removeCrd(name);
      return;
    }
    state.registry.setCrdResources(
      name,
      crdResources(e.object, (namespace, svc) => state.store.get("/services", `${namespace}/${svc}`), state.settings.emulate),
    );
    if (!isEstablished(e.object)) state.defer(() => establish(state, crdInfo, name));
  });
}
