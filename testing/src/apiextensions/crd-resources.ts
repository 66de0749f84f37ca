// Turns a CustomResourceDefinition into the resources it serves (one per served version), compiling each
// version's schema once with the validation stage, and fills the defaults and status a real server writes.
import { compileSchema } from "@kube-codegen/apiextensions/on-demand";
import type { JSONSchemaProps, ScaleSubresource } from "@kube-codegen/apiextensions";
import type { ObjectSchema, PrinterColumn, ResourceInfo } from "../registry/resource-info.js";
import type { StatusCause } from "../status-errors.js";
import { storageVersionHash } from "../registry/storage-version-hash.js";
import { webhookConversion } from "./crd-conversion.js";
import type { ServiceLookup } from "../webhook-client/call.js";
import { CUSTOM_RESOURCE_STRATEGY } from "./crd-strategy.js";
import type { Emulate } from "../server-state.js";

type Obj = Record<string, unknown>;

/** The CR verbs in the order a real server lists them for custom resources. */
export const CUSTOM_RESOURCE_VERBS = ["delete", "deletecollection", "get", "list", "patch", "create", "update", "watch"];

function asObj(v: unknown): Obj {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {};
}

/** Value constraints dropped to check CEL rules alone; types, properties and formats stay for the rules' typing. */
const VALUE_CONSTRAINTS = [
  "required",
  "enum",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "maxLength",
  "minLength",
  "maxItems",
  "minItems",
  "maxProperties",
  "minProperties",
  "uniqueItems",
  "x-kubernetes-list-type",
  "x-kubernetes-list-map-keys",
];

function rulesOnly(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rulesOnly);
  if (!node || typeof node !== "object") return node;
  const out: Obj = {};
  for (const [k, v] of Object.entries(node as Obj)) {
    if (VALUE_CONSTRAINTS.includes(k)) continue;
    out[k] =
      k === "properties" || k === "items" || k === "additionalProperties" || k === "anyOf" || k === "allOf" || k === "oneOf"
        ? mapSchemas(k, v)
        : v;
  }
  return out;
}

function mapSchemas(key: string, v: unknown): unknown {
  if (key === "properties" && v && typeof v === "object")
    return Object.fromEntries(Object.entries(v as Obj).map(([k, s]) => [k, rulesOnly(s)]));
  return rulesOnly(v);
}

function schemaFor(openAPIV3Schema: unknown, scale: ScaleSubresource | undefined, emulate: Emulate): ObjectSchema | undefined {
  if (!openAPIV3Schema || typeof openAPIV3Schema !== "object") return undefined;
  const latest = emulate !== "1.24";
  // 1.37's wording brings its rule-failure values and ratcheting; 1.24 drops optionalOldSelf.
  const options = { wording: latest ? ("1.37" as const) : ("1.24" as const), optionalOldSelf: latest };
  const v = compileSchema(openAPIV3Schema as JSONSchemaProps, options);
  let rules: ReturnType<typeof compileSchema> | undefined;
  return {
    validateRules: (obj): StatusCause[] => {
      rules ??= compileSchema(rulesOnly(openAPIV3Schema) as JSONSchemaProps, options);
      return rules.validate(obj).map((e) => ({ reason: e.reason, message: e.message, field: e.field }));
    },
    prune: (obj) => v.prune(obj),
    applyDefaults: (obj) => v.applyDefaults(obj),
    validate: (obj, old, opts): StatusCause[] =>
      v.validate(obj, old, { ...(scale ? { scale } : {}), ...opts }).map((e) => ({ reason: e.reason, message: e.message, field: e.field })),
  };
}

/** Fills spec defaults the server sets on create (names.singular, names.listKind, conversion strategy). */
export function defaultCrd(crd: Obj): void {
  const spec = asObj(crd["spec"]);
  crd["spec"] = spec;
  const names = asObj(spec["names"]);
  spec["names"] = names;
  const kind = typeof names["kind"] === "string" ? names["kind"] : "";
  if (names["singular"] === undefined && kind) names["singular"] = kind.toLowerCase();
  if (names["listKind"] === undefined && kind) names["listKind"] = `${kind}List`;
  if (spec["conversion"] === undefined) spec["conversion"] = { strategy: "None" };
}

/** The status a real server reports once the CRD's names are accepted and it is established. */
export function establishedStatus(crd: Obj, now: string): Obj {
  const spec = asObj(crd["spec"]);
  const versions = Array.isArray(spec["versions"]) ? (spec["versions"] as Obj[]) : [];
  const storage = versions.find((v) => v["storage"] === true);
  const old = asObj(crd["status"]);
  const stored = Array.isArray(old["storedVersions"]) ? [...(old["storedVersions"] as string[])] : [];
  if (storage && typeof storage["name"] === "string" && !stored.includes(storage["name"])) stored.push(storage["name"]);
  return {
    acceptedNames: spec["names"],
    conditions: [
      { lastTransitionTime: now, message: "no conflicts found", reason: "NoConflicts", status: "True", type: "NamesAccepted" },
      {
        lastTransitionTime: now,
        message: "the initial names have been accepted",
        reason: "InitialNamesAccepted",
        status: "True",
        type: "Established",
      },
    ],
    storedVersions: stored,
  };
}

/** The status a CRD has right after create, before the establishing controller runs. */
export function initialStatus(crd: Obj): Obj {
  const versions = Array.isArray(asObj(crd["spec"])["versions"]) ? (asObj(crd["spec"])["versions"] as Obj[]) : [];
  const storage = versions.find((v) => v["storage"] === true);
  return { acceptedNames: { kind: "", plural: "" }, conditions: null, storedVersions: storage ? [storage["name"]] : [] };
}

/** A version's selectableFields as field selector labels (`.spec.color` selects as `spec.color`). */
function selectableFields(version: Obj): string[] {
  const fields = Array.isArray(version["selectableFields"]) ? (version["selectableFields"] as unknown[]) : [];
  return fields.map((f) => String(asObj(f)["jsonPath"] ?? "").replace(/^\./, "")).filter((p) => p !== "");
}

/** The resources a CRD serves: one per served version; a conversion webhook's service reference resolves against `services`. */
export function crdResources(crd: Obj, services?: ServiceLookup, emulate: Emulate = "1.37"): ResourceInfo[] {
  const spec = asObj(crd["spec"]);
  const names = asObj(spec["names"]);
  const group = String(spec["group"] ?? "");
  const kind = String(names["kind"] ?? "");
  const plural = String(names["plural"] ?? "");
  const versions = Array.isArray(spec["versions"]) ? (spec["versions"] as Obj[]) : [];
  const storage = versions.find((v) => v["storage"] === true);
  const conversion = webhookConversion(crd, services);
  const out: ResourceInfo[] = [];
  for (const v of versions) {
    if (v["served"] === false) continue;
    const sub = asObj(v["subresources"]);
    const scaleObj = sub["scale"] ? asObj(sub["scale"]) : undefined;
    const scale: ScaleSubresource | undefined = scaleObj
      ? {
          specReplicasPath: String(scaleObj["specReplicasPath"] ?? ""),
          statusReplicasPath: String(scaleObj["statusReplicasPath"] ?? ""),
          ...(typeof scaleObj["labelSelectorPath"] === "string" ? { labelSelectorPath: scaleObj["labelSelectorPath"] } : {}),
        }
      : undefined;
    const info: ResourceInfo = {
      group,
      version: String(v["name"] ?? ""),
      resource: plural,
      kind,
      listKind: String(names["listKind"] ?? `${kind}List`),
      singular: String(names["singular"] ?? kind.toLowerCase()),
      namespaced: spec["scope"] !== "Cluster",
      shortNames: Array.isArray(names["shortNames"]) ? (names["shortNames"] as string[]) : [],
      categories: Array.isArray(names["categories"]) ? (names["categories"] as string[]) : [],
      verbs: CUSTOM_RESOURCE_VERBS,
      statusSubresource: sub["status"] !== undefined,
      custom: true,
      hasGeneration: true,
      nameRule: "subdomain",
      extraFieldSelectors: emulate === "1.24" ? [] : selectableFields(v),
      storageVersionHash: storageVersionHash(group, String(storage?.["name"] ?? v["name"] ?? ""), kind),
      strategy: CUSTOM_RESOURCE_STRATEGY,
    };
    if (scale) info.scale = scale;
    if (conversion) info.conversion = conversion;
    const openAPIV3Schema = asObj(v["schema"])["openAPIV3Schema"];
    const schema = schemaFor(openAPIV3Schema, scale, emulate);
    if (schema) info.schema = schema;
    if (openAPIV3Schema !== undefined) info.openAPIV3Schema = openAPIV3Schema;
    if (Array.isArray(v["additionalPrinterColumns"])) info.printerColumns = v["additionalPrinterColumns"] as PrinterColumn[];
    out.push(info);
  }
  return out;
}
