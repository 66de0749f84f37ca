// Validation of the built-in kinds controllers most often write, for the rules a controller bug would
// trip on a real cluster: Deployment selector/template agreement and required fields, and ConfigMap /
// Secret key names, Lease durations. Wording follows the real server's field errors, 1.24's or 1.37's
// (which prints compound values as JSON where 1.24 printed Go's %#v, and words byte limits differently).
import { parseQuantity, tooLongBytes } from "@kube-codegen/apiextensions/on-demand";
import { fromLabelSelectorObject, matchesLabels } from "../selectors/label-selector.js";
import { containerErrors } from "./core-validation.js";
import type { Emulate } from "../server-state.js";
import type { StatusCause } from "../status-errors.js";

type Obj = Record<string, unknown>;

function obj(v: unknown): Obj | undefined {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : undefined;
}

function required(field: string): StatusCause {
  return { reason: "FieldValueRequired", message: "Required value", field };
}

/** field.Invalid: `value` is the value as the server prints it (Go's %v or %#v). */
function invalid(field: string, value: string, detail: string): StatusCause {
  return { reason: "FieldValueInvalid", message: `Invalid value: ${value}: ${detail}`, field };
}

/** A map[string]string as the server prints it: Go's %#v in 1.24, JSON in 1.37 (null when absent); keys sorted. */
function printStringMap(m: Record<string, string> | undefined, emulate: Emulate): string {
  const entries = Object.keys(m ?? {})
    .sort()
    .map((k) => `${JSON.stringify(k)}:${JSON.stringify(m?.[k])}`);
  if (emulate === "1.24") return `map[string]string{${entries.join(", ")}}`;
  return m ? `{${entries.join(",")}}` : "null";
}

/** An empty metav1.LabelSelector as the server prints it. */
function printEmptySelector(emulate: Emulate): string {
  return emulate === "1.24"
    ? "v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}"
    : "{}";
}

/** coordination.k8s.io/v1 Lease checks (ValidateLeaseSpec): a positive duration, no negative transition count. */
export function validateLease(l: Obj): StatusCause[] {
  const out: StatusCause[] = [];
  const spec = obj(l["spec"]) ?? {};
  const duration = spec["leaseDurationSeconds"];
  if (typeof duration === "number" && duration <= 0)
    out.push(invalid("spec.leaseDurationSeconds", String(duration), "must be greater than 0"));
  const transitions = spec["leaseTransitions"];
  if (typeof transitions === "number" && transitions < 0)
    out.push(invalid("spec.leaseTransitions", String(transitions), "must be greater than or equal to 0"));
  return out;
}

const STRATEGY_TYPES = ["Recreate", "RollingUpdate"];

/**
 * An unknown strategy type is NotSupported, printing the whole internal DeploymentStrategy as JSON (Go
 * field names: its type has no json tags). Only under 1.37, whose answer was recorded (with no
 * rollingUpdate, which the defaults add only to the RollingUpdate type); 1.24's %#v is not recorded.
 */
function strategyErrors(strategy: Obj | undefined, emulate: Emulate): StatusCause[] {
  const type = strategy?.["type"];
  if (emulate !== "1.37" || typeof type !== "string" || STRATEGY_TYPES.includes(type) || strategy?.["rollingUpdate"]) return [];
  return [
    {
      reason: "FieldValueNotSupported",
      message: `Unsupported value: ${JSON.stringify({ Type: type, RollingUpdate: null })}: supported values: "Recreate", "RollingUpdate"`,
      field: "spec.strategy",
    },
  ];
}

const SELECTOR_MISMATCH = "`selector` does not match template `labels`";

/** A metav1.LabelSelector as 1.37 prints it: JSON in the struct's field order, empty fields left out. */
function selectorJson(selector: Obj | undefined): string {
  if (!selector) return "null";
  const out: Obj = {};
  const labels = obj(selector["matchLabels"]);
  if (labels && Object.keys(labels).length > 0)
    out["matchLabels"] = Object.fromEntries(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1)));
  const exprs = Array.isArray(selector["matchExpressions"]) ? (selector["matchExpressions"] as unknown[]) : [];
  if (exprs.length > 0)
    out["matchExpressions"] = exprs.map((e) => {
      const { key, operator, values } = obj(e) ?? {};
      return Array.isArray(values) && values.length > 0 ? { key, operator, values } : { key, operator };
    });
  return JSON.stringify(out);
}

/**
 * apps/v1 forbids changing a Deployment's selector (the strategy's ValidateImmutableField, after the spec
 * checks). Only under 1.37, whose message was recorded; 1.24 printed the selector in a form not recorded.
 */
function deploymentSelectorUpdate(d: Obj, old: Obj | undefined, emulate: Emulate): StatusCause[] {
  if (!old || emulate !== "1.37") return [];
  const now = selectorJson(obj(obj(d["spec"])?.["selector"]));
  if (now === selectorJson(obj(obj(old["spec"])?.["selector"]))) return [];
  return [invalid("spec.selector", now, "field is immutable")];
}

/** apps/v1 Deployment checks (ValidateDeploymentSpec, the parts controllers get wrong), then the selector's immutability. */
export function validateDeployment(d: Obj, old?: Obj, emulate: Emulate = "1.24"): StatusCause[] {
  return [...validateWorkloadSpec(d, "Deployment", emulate), ...deploymentSelectorUpdate(d, old, emulate)];
}

/** apps/v1 StatefulSet, ReplicaSet and DaemonSet: the same checks as a Deployment's spec (their own words), the selector immutable. */
export function validateStatefulSet(d: Obj, old?: Obj, emulate: Emulate = "1.24"): StatusCause[] {
  if (emulate !== "1.37") return [...validateWorkloadSpec(d, "StatefulSet", emulate), ...deploymentSelectorUpdate(d, old, emulate)];
  return [
    ...statefulSetStrategyErrors(obj(obj(d["spec"])?.["updateStrategy"])),
    ...validateWorkloadSpec(d, "StatefulSet", emulate),
    ...statefulSetUpdate(d, old),
  ];
}

/**
 * ValidateStatefulSetSpec's update strategy rule, which it checks before the rest of the spec: only
 * RollingUpdate may carry rollingUpdate (a merge patch to OnDelete keeps the defaulted one), printed
 * as the internal struct (Go field names, MaxUnavailable an int or a string).
 */
function statefulSetStrategyErrors(strategy: Obj | undefined): StatusCause[] {
  const rolling = obj(strategy?.["rollingUpdate"]);
  // Only OnDelete's case is recorded; an unknown type has its own message, not modelled.
  if (strategy?.["type"] !== "OnDelete" || !rolling) return [];
  const shown = {
    Partition: typeof rolling["partition"] === "number" ? rolling["partition"] : 0,
    MaxUnavailable: rolling["maxUnavailable"] ?? null,
  };
  return [invalid("spec.updateStrategy.rollingUpdate", JSON.stringify(shown), "only allowed for updateStrategy 'RollingUpdate'")];
}

/**
 * The spec fields of a StatefulSet no update may change (all but replicas, ordinals, template,
 * updateStrategy, revisionHistoryLimit, persistentVolumeClaimRetentionPolicy and minReadySeconds):
 * in 1.37 each is its own "field is immutable", in StatefulSetSpec's field order, with the new value
 * as the server prints it.
 */
const STATEFULSET_IMMUTABLE: readonly [string, (spec: Obj) => string][] = [
  ["selector", (s) => selectorJson(obj(s["selector"]))],
  [
    "volumeClaimTemplates",
    (s) => JSON.stringify(Array.isArray(s["volumeClaimTemplates"]) ? s["volumeClaimTemplates"].map(internalClaim) : null),
  ],
  ["serviceName", (s) => JSON.stringify(typeof s["serviceName"] === "string" ? s["serviceName"] : "")],
  ["podManagementPolicy", (s) => JSON.stringify(typeof s["podManagementPolicy"] === "string" ? s["podManagementPolicy"] : "")],
];

function statefulSetUpdate(d: Obj, old: Obj | undefined): StatusCause[] {
  if (!old) return [];
  const now = obj(d["spec"]) ?? {};
  const before = obj(old["spec"]) ?? {};
  return STATEFULSET_IMMUTABLE.filter(([field]) => semanticKey(now[field]) !== semanticKey(before[field])).map(([field, value]) =>
    invalid(`spec.${field}`, value(now), "field is immutable"),
  );
}

/**
 * A value as Go's Semantic.DeepEqual compares it, as one string: keys in order whatever order they
 * came in, an empty list or map the same as none, and a resource quantity by its amount ("1Gi" is
 * "1024Mi"), so a reordered or respelled but equal field is not a change.
 */
function semanticKey(v: unknown, key = ""): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "string" && QUANTITY_MAPS.has(key)) return JSON.stringify(quantityAmount(v) ?? v);
  if (Array.isArray(v)) return v.length === 0 ? "null" : `[${v.map((x) => semanticKey(x)).join(",")}]`;
  if (typeof v === "object") {
    const entries = Object.entries(v as Obj)
      .map(([k, x]): [string, string] => [k, semanticKey(x, QUANTITY_MAPS.has(key) ? key : k)])
      .filter(([, x]) => x !== "null")
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return entries.length === 0 ? "null" : `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${x}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

/** The maps whose values are resource quantities. */
const QUANTITY_MAPS: ReadonlySet<string> = new Set(["requests", "limits", "capacity", "allocatedResources"]);

/** A quantity's exact amount as "numerator/denominator", or undefined when it is not one. */
function quantityAmount(q: string): string | undefined {
  const r = parseQuantity(q);
  return r && `${r.num}/${r.den}`;
}

/** ObjectMeta's fields in declaration order: it has JSON tags (omitempty, a zero time omitted) even inside an internal struct. */
const OBJECT_META_ORDER = [
  "name",
  "generateName",
  "namespace",
  "selfLink",
  "uid",
  "resourceVersion",
  "generation",
  "creationTimestamp",
  "deletionTimestamp",
  "deletionGracePeriodSeconds",
  "labels",
  "annotations",
  "ownerReferences",
  "finalizers",
  "managedFields",
];

/**
 * A claim template as the server prints the internal PersistentVolumeClaim: its ObjectMeta by JSON
 * names (empty ones left out), its spec and status by Go field names with every field, unset
 * pointers, maps and lists as null. The nested structs a template rarely has (a data source's) are
 * printed the same way; conditions and the modify-volume status are printed as given.
 */
function internalClaim(v: unknown): Obj {
  const c = obj(v) ?? {};
  const meta = obj(c["metadata"]) ?? {};
  const spec = obj(c["spec"]) ?? {};
  const status = obj(c["status"]) ?? {};
  const resources = obj(spec["resources"]) ?? {};
  const or = (x: unknown): unknown => x ?? null;
  const ref = (r: unknown, withNamespace: boolean): Obj | null => {
    const o = obj(r);
    if (!o) return null;
    return {
      APIGroup: or(o["apiGroup"]),
      Kind: o["kind"] ?? "",
      Name: o["name"] ?? "",
      ...(withNamespace ? { Namespace: or(o["namespace"]) } : {}),
    };
  };
  const shown: Obj = {};
  for (const k of OBJECT_META_ORDER) {
    const x = meta[k];
    if (x === undefined || x === null || x === "" || x === 0 || (typeof x === "object" && Object.keys(x).length === 0)) continue;
    shown[k] = x;
  }
  return {
    ...shown,
    Spec: {
      AccessModes: or(spec["accessModes"]),
      Selector: or(spec["selector"]),
      Resources: { Limits: or(resources["limits"]), Requests: or(resources["requests"]) },
      VolumeName: spec["volumeName"] ?? "",
      StorageClassName: or(spec["storageClassName"]),
      VolumeMode: or(spec["volumeMode"]),
      DataSource: ref(spec["dataSource"], false),
      DataSourceRef: ref(spec["dataSourceRef"], true),
      VolumeAttributesClassName: or(spec["volumeAttributesClassName"]),
    },
    Status: {
      Phase: status["phase"] ?? "",
      AccessModes: or(status["accessModes"]),
      Capacity: or(status["capacity"]),
      Conditions: or(status["conditions"]),
      AllocatedResources: or(status["allocatedResources"]),
      AllocatedResourceStatuses: or(status["allocatedResourceStatuses"]),
      CurrentVolumeAttributesClassName: or(status["currentVolumeAttributesClassName"]),
      ModifyVolumeStatus: or(status["modifyVolumeStatus"]),
      HealthStatus: or(status["healthStatus"]),
    },
  };
}
export function validateReplicaSet(d: Obj, old?: Obj, emulate: Emulate = "1.24"): StatusCause[] {
  return [...validateWorkloadSpec(d, "ReplicaSet", emulate), ...deploymentSelectorUpdate(d, old, emulate)];
}
export function validateDaemonSet(d: Obj, old?: Obj, emulate: Emulate = "1.24"): StatusCause[] {
  return [...validateWorkloadSpec(d, "DaemonSet", emulate), ...deploymentSelectorUpdate(d, old, emulate)];
}

type Workload = "Deployment" | "StatefulSet" | "ReplicaSet" | "DaemonSet";

/** How each kind's validation words an empty selector (ReplicaSet's reuses the Deployment's words, as recorded). */
const EMPTY_SELECTOR_FOR: Record<Workload, string> = {
  Deployment: "deployment",
  ReplicaSet: "deployment",
  StatefulSet: "statefulset",
  DaemonSet: "daemonset",
};

function validateWorkloadSpec(d: Obj, kind: Workload, emulate: Emulate): StatusCause[] {
  const out: StatusCause[] = [];
  const spec = obj(d["spec"]) ?? {};
  const replicas = spec["replicas"];
  if (kind !== "DaemonSet" && typeof replicas === "number" && replicas < 0)
    out.push(invalid("spec.replicas", String(replicas), "must be greater than or equal to 0"));
  const selector = obj(spec["selector"]);
  const template = obj(spec["template"]) ?? {};
  const labels = obj(obj(template["metadata"])?.["labels"]) as Record<string, string> | undefined;
  const mismatch = invalid("spec.template.metadata.labels", printStringMap(labels, emulate), SELECTOR_MISMATCH);
  if (!selector) {
    // A DaemonSet's validation does not require the selector; it only finds it does not match.
    if (kind !== "DaemonSet") out.push(required("spec.selector"));
    // A missing selector selects nothing, so 1.37 also reports that it does not match the template.
    if (emulate === "1.37" || kind === "DaemonSet") out.push(mismatch);
  } else {
    const reqs = fromLabelSelectorObject(selector);
    if (reqs.length === 0)
      out.push(invalid("spec.selector", printEmptySelector(emulate), `empty selector is invalid for ${EMPTY_SELECTOR_FOR[kind]}`));
    else if (!matchesLabels(reqs, labels ?? {})) out.push(mismatch);
  }
  out.push(...containerErrors(obj(template["spec"]) ?? {}, "spec.template.spec"));
  if (kind === "Deployment") out.push(...strategyErrors(obj(spec["strategy"]), emulate));
  return out;
}

const CONFIG_KEY = /^[-._a-zA-Z0-9]+$/;
const CONFIG_KEY_MESSAGE =
  "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";

/** validation.IsConfigMapKey: its length, its characters, then the "." and ".." rule, one cause each. */
function configKeyProblems(key: string): string[] {
  const out: string[] = [];
  if (key.length > 253) out.push("must be no more than 253 characters");
  if (!CONFIG_KEY.test(key)) out.push(CONFIG_KEY_MESSAGE);
  if (key === "." || key === "..") out.push(`must not be '${key}'`);
  else if (key.startsWith("..")) out.push("must not start with '..'");
  return out;
}

/** ConfigMap and Secret keys (data, binaryData) must be valid config keys. */
export function validateConfigKeys(o: Obj): StatusCause[] {
  const out: StatusCause[] = [];
  for (const field of ["data", "binaryData"]) {
    for (const key of Object.keys(obj(o[field]) ?? {}))
      for (const problem of configKeyProblems(key)) out.push(invalid(`${field}[${key}]`, JSON.stringify(key), problem));
  }
  return out;
}

const IMMUTABLE_SET = "field is immutable when `immutable` is set";

/**
 * ValidateConfigMapUpdate / ValidateSecretUpdate before the object's own checks: a Secret's type never
 * changes, and once `immutable` is true neither it nor the data may change (a Secret's stringData is
 * data by then). The same in 1.24 and 1.37, and worded without values, so one rule serves both.
 */
function configUpdateErrors(o: Obj, old: Obj | undefined): StatusCause[] {
  if (!old) return [];
  const out: StatusCause[] = [];
  const secret = o["kind"] === "Secret";
  if (secret && (o["type"] ?? "") !== (old["type"] ?? "")) out.push(invalid("type", JSON.stringify(o["type"] ?? ""), "field is immutable"));
  if (old["immutable"] !== true) return out;
  if (o["immutable"] !== true) out.push({ reason: "FieldValueForbidden", message: `Forbidden: ${IMMUTABLE_SET}`, field: "immutable" });
  for (const field of secret ? ["data"] : ["data", "binaryData"])
    if (JSON.stringify(sortedKeys(o[field])) !== JSON.stringify(sortedKeys(old[field])))
      out.push({ reason: "FieldValueForbidden", message: `Forbidden: ${IMMUTABLE_SET}`, field });
  return out;
}

/** A string map with its keys in order, for comparing two maps (absent stays absent, as Go's nil map). */
function sortedKeys(v: unknown): unknown {
  const m = obj(v);
  return m ? Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : 1))) : v;
}

/** The keys a Secret's type requires (ValidateSecret's switch, after the keys and size). Only the TLS
 *  type is modelled, the one recorded; the other types' rules are not checked. */
const SECRET_TYPE_KEYS: Readonly<Record<string, readonly string[]>> = { "kubernetes.io/tls": ["tls.crt", "tls.key"] };

/** The size limit of a ConfigMap's or Secret's data (core.MaxSecretSize). */
const MAX_DATA_SIZE = 1024 * 1024;

function byteLength(v: unknown, base64: boolean): number {
  if (typeof v !== "string") return 0;
  return base64 ? Buffer.from(v, "base64").length : Buffer.byteLength(v, "utf8");
}

/**
 * ConfigMaps: valid keys, no key in both data and binaryData, and at most 1 MiB in all (the whole object
 * is the field: an empty path, which prints as "[]"). Secrets: valid keys and at most 1 MiB of decoded data,
 * stringData counting as the data it becomes.
 */
export function validateConfigData(o: Obj, old?: Obj, emulate: Emulate = "1.24"): StatusCause[] {
  const out = [...configUpdateErrors(o, old), ...validateConfigKeys(o)];
  const tooLong = (field: string): StatusCause => ({
    reason: "FieldValueTooLong",
    message: `Too long: ${tooLongBytes(MAX_DATA_SIZE, emulate)}`,
    field,
  });
  const data = obj(o["data"]) ?? {};
  if (o["kind"] === "Secret") {
    const merged: Record<string, number> = {};
    for (const [k, v] of Object.entries(data)) merged[k] = byteLength(v, true);
    for (const [k, v] of Object.entries(obj(o["stringData"]) ?? {})) merged[k] = byteLength(v, false);
    const total = Object.values(merged).reduce((a, b) => a + b, 0);
    if (total > MAX_DATA_SIZE) out.push(tooLong("data"));
    for (const key of SECRET_TYPE_KEYS[String(o["type"])] ?? []) if (!Object.hasOwn(merged, key)) out.push(required(`data[${key}]`));
    return out;
  }
  const binary = obj(o["binaryData"]) ?? {};
  for (const key of Object.keys(data)) {
    if (Object.hasOwn(binary, key)) out.push(invalid(`data[${key}]`, JSON.stringify(key), "duplicate of key present in binaryData"));
  }
  let total = 0;
  for (const v of Object.values(data)) total += byteLength(v, false);
  for (const v of Object.values(binary)) total += byteLength(v, true);
  if (total > MAX_DATA_SIZE) out.push(tooLong("[]"));
  return out;
}
