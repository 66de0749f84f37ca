// The `patch` argument of +kubebuilder:webhook, as controller-gen v0.23 applies it
// (pkg/webhook/parser.go applyPatch): a strategic merge patch of the webhook's JSON, checked
// strictly against admissionregistration/v1's MutatingWebhook or ValidatingWebhook (an unknown or
// miscased field, or a value of the wrong type, is refused), then decoded and encoded again, so
// `null` removes a field and Go's omitempty decides what is written. Lists replace the webhook's
// but for matchConditions, merged by name (its patchStrategy). Strategic merge directives
// (`$patch`, `$retainKeys`, `$setElementOrder/...`, `$deleteFromPrimitiveList/...`) are refused
// as not supported yet.

/** A field's Go type, as far as decoding and encoding it goes. */
type Shape =
  | { readonly kind: "string" }
  | { readonly kind: "int32" }
  | { readonly kind: "bytes" }
  | { readonly kind: "stringMap" }
  | { readonly kind: "list"; readonly item: Shape; readonly mergeKey?: string }
  | { readonly kind: "struct"; readonly fields: Readonly<Record<string, Field>> };

/**
 * A struct field: its shape, whether it is a pointer (null decodes to absent, an empty value is
 * still written) and whether its JSON tag has omitempty.
 */
interface Field {
  readonly shape: Shape;
  readonly pointer?: boolean;
  readonly omitempty?: boolean;
}

const str: Shape = { kind: "string" };
const strings: Shape = { kind: "list", item: str };
const optionalString: Field = { shape: str, pointer: true, omitempty: true };
const struct = (fields: Record<string, Field>): Shape => ({ kind: "struct", fields });

const labelSelector = struct({
  matchLabels: { shape: { kind: "stringMap" }, omitempty: true },
  matchExpressions: {
    shape: {
      kind: "list",
      item: struct({ key: { shape: str }, operator: { shape: str }, values: { shape: strings, omitempty: true } }),
    },
    omitempty: true,
  },
});

const webhookFields: Record<string, Field> = {
  name: { shape: str },
  clientConfig: {
    shape: struct({
      url: optionalString,
      service: {
        shape: struct({
          namespace: { shape: str },
          name: { shape: str },
          path: optionalString,
          port: { shape: { kind: "int32" }, pointer: true, omitempty: true },
        }),
        pointer: true,
        omitempty: true,
      },
      caBundle: { shape: { kind: "bytes" }, omitempty: true },
    }),
  },
  rules: {
    shape: {
      kind: "list",
      item: struct({
        operations: { shape: strings, omitempty: true },
        apiGroups: { shape: strings, omitempty: true },
        apiVersions: { shape: strings, omitempty: true },
        resources: { shape: strings, omitempty: true },
        scope: optionalString,
      }),
    },
    omitempty: true,
  },
  failurePolicy: optionalString,
  matchPolicy: optionalString,
  namespaceSelector: { shape: labelSelector, pointer: true, omitempty: true },
  objectSelector: { shape: labelSelector, pointer: true, omitempty: true },
  sideEffects: { shape: str, pointer: true },
  timeoutSeconds: { shape: { kind: "int32" }, pointer: true, omitempty: true },
  admissionReviewVersions: { shape: strings },
  matchConditions: {
    shape: { kind: "list", item: struct({ name: { shape: str }, expression: { shape: str } }), mergeKey: "name" },
    omitempty: true,
  },
};

const mutatingWebhook = struct({ ...webhookFields, reinvocationPolicy: optionalString });
const validatingWebhook = struct(webhookFields);

/** A refused patch: what controller-gen would say, in our words. */
export class PatchError extends Error {}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const isObject = (v: unknown): v is Record<string, Json> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Checks that `value` decodes into `shape` (strictly, as sigs.k8s.io/json's UnmarshalStrict does). */
function check(value: Json, shape: Shape, path: string): void {
  if (value === null) return;
  const fail = (what: string): never => {
    throw new PatchError(`${path}: ${what}`);
  };
  switch (shape.kind) {
    case "string":
      if (typeof value !== "string") fail(`expected a string, got ${JSON.stringify(value)}`);
      return;
    case "bytes":
      if (typeof value !== "string" || !/^[A-Za-z0-9+/\r\n]*={0,2}$/.test(value)) fail("expected base64 text");
      return;
    case "int32":
      if (typeof value !== "number" || !Number.isInteger(value) || value < -(2 ** 31) || value >= 2 ** 31)
        fail(`expected a 32-bit integer, got ${JSON.stringify(value)}`);
      return;
    case "stringMap":
      if (!isObject(value)) return fail("expected an object of strings");
      for (const [k, v] of Object.entries(value)) if (v !== null && typeof v !== "string") fail(`${k}: expected a string`);
      return;
    case "list":
      if (!Array.isArray(value)) return fail("expected a list");
      value.forEach((item, i) => check(item, shape.item, `${path}[${i}]`));
      return;
    case "struct":
      if (!isObject(value)) return fail("expected an object");
      for (const [k, v] of Object.entries(value)) {
        if (k.startsWith("$"))
          throw new PatchError(`${path === "" ? "" : `${path}: `}the strategic merge directive ${JSON.stringify(k)} is not supported yet`);
        const field = shape.fields[k];
        if (!field) {
          const known = Object.keys(shape.fields).find((f) => f.toLowerCase() === k.toLowerCase());
          throw new PatchError(`unknown field "${path === "" ? k : `${path}.${k}`}"${known ? ` (the field is ${known})` : ""}`);
        }
        check(v, field.shape, path === "" ? k : `${path}.${k}`);
      }
  }
}

/** The strategic merge of `patch` into `original` for a value of `shape`. */
function merge(original: Json | undefined, patch: Json, shape: Shape, path: string): Json {
  if (shape.kind === "struct" && isObject(patch) && isObject(original)) {
    const out: Record<string, Json> = { ...original };
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete out[k];
      else out[k] = merge(out[k], v, shape.fields[k]!.shape, `${path}.${k}`);
    }
    return out;
  }
  if (shape.kind === "stringMap" && isObject(patch) && isObject(original)) {
    const out: Record<string, Json> = { ...original };
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete out[k];
      else out[k] = v;
    }
    return out;
  }
  if (shape.kind === "list" && shape.mergeKey !== undefined && Array.isArray(patch) && Array.isArray(original)) {
    const key = shape.mergeKey;
    const out = [...original];
    for (const item of patch) {
      if (!isObject(item) || item[key] === undefined)
        throw new PatchError(`${path.replace(/^\./, "")}: an item does not contain the merge key ${JSON.stringify(key)}`);
      const at = out.findIndex((o) => isObject(o) && o[key] === item[key]);
      if (at >= 0) out[at] = merge(out[at], item, shape.item, path);
      else out.push(item);
    }
    return out;
  }
  return patch;
}

/** Decodes `value` into `shape` and encodes it again, as Go's encoding/json would: the written form. */
function reencode(value: Json | undefined, field: Field): Json | undefined {
  const { shape } = field;
  if (value === undefined || value === null) {
    if (field.pointer || shape.kind === "list" || shape.kind === "stringMap" || shape.kind === "bytes")
      return field.omitempty ? undefined : null;
    value = shape.kind === "struct" ? {} : shape.kind === "int32" ? 0 : "";
  }
  let out: Json;
  switch (shape.kind) {
    case "struct": {
      const obj: Record<string, Json> = {};
      const given = value as Record<string, Json>;
      for (const [k, f] of Object.entries(shape.fields)) {
        const v = reencode(given[k], f);
        if (v !== undefined) obj[k] = v;
      }
      out = obj;
      break;
    }
    case "list":
      out = (value as Json[]).map((item) => reencode(item, { shape: shape.item }) ?? null);
      break;
    case "stringMap":
      out = Object.fromEntries(Object.entries(value as Record<string, Json>).map(([k, v]) => [k, v ?? ""]));
      break;
    default:
      out = value;
  }
  if (field.omitempty && !field.pointer && isEmpty(out, shape)) return undefined;
  return out;
}

function isEmpty(v: Json, shape: Shape): boolean {
  if (shape.kind === "list") return (v as Json[]).length === 0;
  if (shape.kind === "stringMap") return Object.keys(v as object).length === 0;
  if (shape.kind === "string" || shape.kind === "bytes") return v === "";
  if (shape.kind === "int32") return v === 0;
  return false;
}

/**
 * The webhook with `patchText` applied, as controller-gen writes it; throws PatchError with the
 * reason when the patch is not JSON, names an unknown field, has a value of the wrong type, or
 * uses a directive.
 */
export function applyWebhookPatch(webhook: Record<string, unknown>, patchText: string, mutating: boolean): Record<string, unknown> {
  if (patchText === "") return webhook;
  let patch: Json;
  try {
    patch = JSON.parse(patchText) as Json;
  } catch (e) {
    throw new PatchError(`not JSON: ${(e as Error).message}`);
  }
  if (!isObject(patch)) throw new PatchError("a patch is a JSON object");
  const shape = mutating ? mutatingWebhook : validatingWebhook;
  check(patch, shape, "");
  const merged = merge(webhook as Record<string, Json>, patch, shape, "");
  return reencode(merged, { shape }) as Record<string, unknown>;
}
