// Protobuf write bodies of built-in kinds: kubectl 1.32's typed clients (`kubectl create configmap`,
// `create secret`, `create deployment`) POST application/vnd.kubernetes.protobuf, the "k8s\0"
// envelope around a runtime.Unknown whose raw bytes are the object's generated.proto message. The
// real server decodes every built-in; this decodes the kinds in MESSAGES (field numbers from
// k8s.io/api and k8s.io/apimachinery generated.proto) into the JSON form, and anything else is 415
// naming what is not decoded, never a silently wrong object.
import { ApiError } from "../status-errors.js";
import { fields, unwrapUnknown, type Field } from "./protobuf-envelope.js";

/** A field's JSON name and type; a trailing "?" marks a Go pointer, whose zero value is kept. */
type FieldSpec = readonly [name: string, type: string];

const META: Record<number, FieldSpec> = {
  1: ["name", "string"],
  2: ["generateName", "string"],
  3: ["namespace", "string"],
  5: ["uid", "string"],
  6: ["resourceVersion", "string"],
  7: ["generation", "int"],
  8: ["creationTimestamp", "time"],
  9: ["deletionTimestamp", "time"],
  10: ["deletionGracePeriodSeconds", "int?"],
  11: ["labels", "map<string>"],
  12: ["annotations", "map<string>"],
  13: ["ownerReferences", "[]OwnerReference"],
  14: ["finalizers", "[]string"],
};

/** Message name → field number → spec. Go writes every non-pointer field, so zero values are dropped. */
const MESSAGES: Record<string, Record<number, FieldSpec>> = {
  ObjectMeta: META,
  OwnerReference: {
    5: ["apiVersion", "string"],
    1: ["kind", "string"],
    3: ["name", "string"],
    4: ["uid", "string"],
    6: ["controller", "bool?"],
    7: ["blockOwnerDeletion", "bool?"],
  },
  ConfigMap: { 1: ["metadata", "ObjectMeta"], 2: ["data", "map<string>"], 3: ["binaryData", "map<bytes>"], 4: ["immutable", "bool?"] },
  Secret: {
    1: ["metadata", "ObjectMeta"],
    2: ["data", "map<bytes>"],
    3: ["type", "string"],
    4: ["stringData", "map<string>"],
    5: ["immutable", "bool?"],
  },
  Deployment: { 1: ["metadata", "ObjectMeta"], 2: ["spec", "DeploymentSpec"], 3: ["status", "DeploymentStatus"] },
  DeploymentSpec: {
    1: ["replicas", "int?"],
    2: ["selector", "LabelSelector"],
    3: ["template", "PodTemplateSpec"],
    4: ["strategy", "DeploymentStrategy"],
    5: ["minReadySeconds", "int"],
    6: ["revisionHistoryLimit", "int?"],
    7: ["paused", "bool"],
    9: ["progressDeadlineSeconds", "int?"],
  },
  DeploymentStrategy: { 1: ["type", "string"], 2: ["rollingUpdate", "RollingUpdateDeployment"] },
  RollingUpdateDeployment: { 1: ["maxUnavailable", "intstr"], 2: ["maxSurge", "intstr"] },
  DeploymentStatus: {
    1: ["observedGeneration", "int"],
    2: ["replicas", "int"],
    3: ["updatedReplicas", "int"],
    7: ["readyReplicas", "int"],
    4: ["availableReplicas", "int"],
    5: ["unavailableReplicas", "int"],
    8: ["collisionCount", "int?"],
  },
  LabelSelector: { 1: ["matchLabels", "map<string>"], 2: ["matchExpressions", "[]LabelSelectorRequirement"] },
  LabelSelectorRequirement: { 1: ["key", "string"], 2: ["operator", "string"], 3: ["values", "[]string"] },
  PodTemplateSpec: { 1: ["metadata", "ObjectMeta"], 2: ["spec", "PodSpec"] },
  PodSpec: {
    2: ["containers", "[]Container"],
    20: ["initContainers", "[]Container"],
    3: ["restartPolicy", "string"],
    4: ["terminationGracePeriodSeconds", "int?"],
    6: ["dnsPolicy", "string"],
    7: ["nodeSelector", "map<string>"],
    8: ["serviceAccountName", "string"],
    9: ["serviceAccount", "string"],
    10: ["nodeName", "string"],
    11: ["hostNetwork", "bool"],
    12: ["hostPID", "bool"],
    13: ["hostIPC", "bool"],
    16: ["hostname", "string"],
    17: ["subdomain", "string"],
    19: ["schedulerName", "string"],
    24: ["priorityClassName", "string"],
  },
  Container: {
    1: ["name", "string"],
    2: ["image", "string"],
    3: ["command", "[]string"],
    4: ["args", "[]string"],
    5: ["workingDir", "string"],
    6: ["ports", "[]ContainerPort"],
    7: ["env", "[]EnvVar"],
    8: ["resources", "ResourceRequirements"],
    13: ["terminationMessagePath", "string"],
    14: ["imagePullPolicy", "string"],
    16: ["stdin", "bool"],
    17: ["stdinOnce", "bool"],
    18: ["tty", "bool"],
    20: ["terminationMessagePolicy", "string"],
  },
  ContainerPort: {
    1: ["name", "string"],
    2: ["hostPort", "int"],
    3: ["containerPort", "int"],
    4: ["protocol", "string"],
    5: ["hostIP", "string"],
  },
  EnvVar: { 1: ["name", "string"], 2: ["value", "string"] },
  ResourceRequirements: { 1: ["limits", "map<quantity>"], 2: ["requests", "map<quantity>"] },
};

/** The top-level kinds decoded, by apiVersion/kind. */
const KINDS: Record<string, string> = { "v1/ConfigMap": "ConfigMap", "v1/Secret": "Secret", "apps/v1/Deployment": "Deployment" };

function unsupported(what: string): ApiError {
  return new ApiError(415, "UnsupportedMediaType", `the test server does not decode protobuf ${what}; send application/json`);
}

const utf8 = (f: Field): string => (f.bytes ?? Buffer.alloc(0)).toString("utf8");

function mapEntry(f: Field, value: (v: Field) => unknown): [string, unknown] {
  const entry = fields(f.bytes ?? Buffer.alloc(0));
  const k = entry.find((e) => e.no === 1);
  const v = entry.find((e) => e.no === 2);
  return [k ? utf8(k) : "", v ? value(v) : ""];
}

function time(f: Field): string | undefined {
  const t = fields(f.bytes ?? Buffer.alloc(0));
  const seconds = t.find((e) => e.no === 1)?.varint ?? 0;
  if (seconds === 0) return undefined; // metav1.Time's zero value is null in JSON
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** One field's JSON value; undefined when it is Go's zero value for a non-pointer field. */
function value(f: Field, type: string, where: string): unknown {
  const pointer = type.endsWith("?");
  const t = pointer ? type.slice(0, -1) : type;
  const scalar = (v: unknown, zero: unknown): unknown => (v === zero && !pointer ? undefined : v);
  if (t === "string") return scalar(utf8(f), "");
  if (t === "int") return scalar(f.varint ?? 0, 0);
  if (t === "bool") return scalar((f.varint ?? 0) !== 0, false);
  if (t === "time") return time(f);
  if (t === "intstr") {
    const v = fields(f.bytes ?? Buffer.alloc(0));
    const isString = (v.find((e) => e.no === 1)?.varint ?? 0) === 1;
    const part = v.find((e) => e.no === (isString ? 3 : 2));
    return isString ? (part ? utf8(part) : "") : (part?.varint ?? 0);
  }
  return message(f.bytes ?? Buffer.alloc(0), t, where);
}

function decodeMap(f: Field, type: string): [string, unknown] {
  if (type === "map<string>") return mapEntry(f, utf8);
  if (type === "map<bytes>") return mapEntry(f, (v) => (v.bytes ?? Buffer.alloc(0)).toString("base64"));
  // resource.Quantity is a message whose field 1 is the string form.
  return mapEntry(f, (v) => {
    const q = fields(v.bytes ?? Buffer.alloc(0)).find((e) => e.no === 1);
    return q ? utf8(q) : "0";
  });
}

function message(buf: Buffer, name: string, where: string): Record<string, unknown> {
  const specs = MESSAGES[name];
  if (!specs) throw unsupported(`${name} (${where})`);
  const out: Record<string, unknown> = {};
  for (const f of fields(buf)) {
    const spec = specs[f.no];
    if (!spec) {
      // Go writes every non-pointer field; an unlisted one holding its zero value changes nothing.
      if ((f.varint ?? 0) === 0 && (f.bytes?.length ?? 0) === 0) continue;
      throw unsupported(`field ${String(f.no)} of ${name} (${where})`);
    }
    const [field, type] = spec;
    const path = `${where}.${field}`;
    if (type.startsWith("map<")) {
      const [k, v] = decodeMap(f, type);
      out[field] = { ...(out[field] ?? {}), [k]: v };
    } else if (type.startsWith("[]")) {
      const item = type.slice(2);
      const list = (out[field] as unknown[] | undefined) ?? [];
      list.push(item === "string" ? utf8(f) : message(f.bytes ?? Buffer.alloc(0), item, path));
      out[field] = list;
    } else {
      const v = value(f, type, path);
      if (v !== undefined) out[field] = v;
    }
  }
  return out;
}

/**
 * The JSON text of a protobuf-encoded built-in object (the body of a POST or PUT), or a 415 ApiError
 * when the body is not the envelope or its kind or one of its fields is not decoded here.
 */
export function builtinProtobufToJson(body: Buffer): string {
  const unknown = unwrapUnknown(body);
  if (!unknown) throw unsupported("bodies without the k8s envelope");
  const { apiVersion, kind, raw } = unknown;
  const name = KINDS[`${apiVersion}/${kind}`];
  if (!name) throw unsupported(`${apiVersion} ${kind} objects`);
  return JSON.stringify({ apiVersion, kind, ...message(raw, name, kind) });
}
