// Validation of the built-in kinds controllers most often write, for the rules a controller bug would
// trip on a real cluster: Deployment selector/template agreement and required fields, and ConfigMap /
// Secret key names, Lease durations. Wording follows the real server's field errors.
import { fromLabelSelectorObject, matchesLabels } from "../selectors/label-selector.js";
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

/** Go's %#v of a map[string]string, keys sorted. */
function goStringMap(m: Record<string, string>): string {
  const entries = Object.keys(m)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${JSON.stringify(m[k])}`);
  return `map[string]string{${entries.join(", ")}}`;
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

/** apps/v1 Deployment checks (ValidateDeploymentSpec, the parts controllers get wrong). */
export function validateDeployment(d: Obj): StatusCause[] {
  const out: StatusCause[] = [];
  const spec = obj(d["spec"]) ?? {};
  const replicas = spec["replicas"];
  if (typeof replicas === "number" && replicas < 0)
    out.push(invalid("spec.replicas", String(replicas), "must be greater than or equal to 0"));
  const selector = obj(spec["selector"]);
  const template = obj(spec["template"]) ?? {};
  const labels = (obj(obj(template["metadata"])?.["labels"]) ?? {}) as Record<string, string>;
  if (!selector) out.push(required("spec.selector"));
  else {
    const reqs = fromLabelSelectorObject(selector);
    if (reqs.length === 0)
      out.push(
        invalid(
          "spec.selector",
          "v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}",
          "empty selector is invalid for deployment",
        ),
      );
    else if (!matchesLabels(reqs, labels))
      out.push(invalid("spec.template.metadata.labels", goStringMap(labels), "`selector` does not match template `labels`"));
  }
  const podSpec = obj(template["spec"]) ?? {};
  const containers = Array.isArray(podSpec["containers"]) ? (podSpec["containers"] as unknown[]) : [];
  if (containers.length === 0) out.push(required("spec.template.spec.containers"));
  containers.forEach((c, i) => {
    const co = obj(c) ?? {};
    if (!co["name"]) out.push(required(`spec.template.spec.containers[${i}].name`));
    if (!co["image"]) out.push(required(`spec.template.spec.containers[${i}].image`));
  });
  return out;
}

const CONFIG_KEY = /^[-._a-zA-Z0-9]+$/;

/** ConfigMap and Secret keys (data, binaryData) must be valid config keys. */
export function validateConfigKeys(o: Obj): StatusCause[] {
  const out: StatusCause[] = [];
  for (const field of ["data", "binaryData"]) {
    for (const key of Object.keys(obj(o[field]) ?? {})) {
      if (CONFIG_KEY.test(key) && key.length <= 253 && key !== "." && key !== ".." && !key.startsWith("..")) continue;
      out.push(
        invalid(
          `${field}[${key}]`,
          JSON.stringify(key),
          "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
        ),
      );
    }
  }
  return out;
}

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
export function validateConfigData(o: Obj): StatusCause[] {
  const out = validateConfigKeys(o);
  const data = obj(o["data"]) ?? {};
  if (o["kind"] === "Secret") {
    const merged: Record<string, number> = {};
    for (const [k, v] of Object.entries(data)) merged[k] = byteLength(v, true);
    for (const [k, v] of Object.entries(obj(o["stringData"]) ?? {})) merged[k] = byteLength(v, false);
    const total = Object.values(merged).reduce((a, b) => a + b, 0);
    if (total > MAX_DATA_SIZE)
      out.push({ reason: "FieldValueTooLong", message: `Too long: must have at most ${MAX_DATA_SIZE} bytes`, field: "data" });
    return out;
  }
  const binary = obj(o["binaryData"]) ?? {};
  for (const key of Object.keys(data)) {
    if (Object.hasOwn(binary, key)) out.push(invalid(`data[${key}]`, JSON.stringify(key), "duplicate of key present in binaryData"));
  }
  let total = 0;
  for (const v of Object.values(data)) total += byteLength(v, false);
  for (const v of Object.values(binary)) total += byteLength(v, true);
  if (total > MAX_DATA_SIZE)
    out.push({ reason: "FieldValueTooLong", message: `Too long: must have at most ${MAX_DATA_SIZE} bytes`, field: "[]" });
  return out;
}
