// The generic schema rules of apiextensions validation (ValidateCustomResourceDefinitionOpenAPISchema):
// unsupported keywords, uniqueItems, additionalProperties with properties, list/map types and
// list-map keys, preserve-unknown-fields: false, defaults where they are forbidden, embedded
// resources inside metadata, rule/message sanity — and, where the schema is otherwise sound,
// CEL rule compilation and cost. Schema errors come before CEL errors, as on the server.
import { celTypeOf, maxCardinality } from "./cel/cel-types.js";
import { celChecks } from "./cel/engine.js";
import { costErrorMessage, RULE_COST_LIMIT, type CostTotal } from "./cost-budget.js";
import type { FieldPath } from "./field-path.js";
import { goQuote, goSharpStringSlice } from "./go-value.js";
import { forbidden, GoRendered, imposedBy, invalid, notSupported, required, type CrdProblem } from "./problem.js";
import { itemSchema, propertyNames } from "./schema-access.js";
import { resolveFieldPath } from "../validation/json-field-path.js";
import { structuralConversionError } from "./structural.js";
import type { InternalSchema, InternalValidationRule } from "../types/index.js";
import { OPTIONAL_OLD_SELF_MINOR, RULE_FIELDS_MINOR, wordingOf } from "./server-versions.js";
import { ruleJson, schemaJson } from "./go-structs.js";
import { goJson } from "../validation/go-format.js";

/** What the walk carries down the tree (the server's specStandardValidator state). */
export interface WalkState {
  allowDefaults: boolean;
  disallowDefaultsReason: string;
  insideResourceMeta: boolean;
  /** Set below lists and atomic maps, where old and new values cannot be correlated. */
  uncorrelatable?: FieldPath;
  /** The server minor (1.x) whose checks and wording apply. */
  minor: number;
}

/**
 * CEL context: present only where rules are compiled; `cardinality` is how often a rule can run, the
 * product of the maxItems/maxProperties above it, or undefined when one of them is unbounded (the
 * server then takes the rule's own schema's MaxCardinality instead of multiplying estimates).
 */
export interface CelContext {
  cardinality: number | undefined;
  costs: CostTotal;
  /** The server minor (1.x) whose cost estimate applies. */
  minor: number;
}

interface Errors {
  schema: CrdProblem[];
  cel: CrdProblem[];
}

const openapiTypes = ["array", "boolean", "integer", "number", "object", "string"];
const metaFields = new Set(["metadata", "kind", "apiVersion"]);

/**
 * Renders a rule the way the server prints `apiextensions.ValidationRule` in a field error: %#v with
 * 1.24's two fields up to 1.33, JSON with the fields it has gained from 1.34.
 */
function goRule(r: InternalValidationRule, minor: number): GoRendered {
  if (wordingOf(minor) === "1.37") return new GoRendered(ruleJson(r));
  return new GoRendered(`apiextensions.ValidationRule{Rule:${goQuote(r.rule)}, Message:${goQuote(r.message)}}`);
}

function withForbiddenDefaults(st: WalkState, reason: string): WalkState {
  return { ...st, allowDefaults: false, disallowDefaultsReason: reason };
}

function withUncorrelatable(st: WalkState, path: FieldPath): WalkState {
  return st.uncorrelatable !== undefined ? st : { ...st, uncorrelatable: path };
}

/** Walks `s` at `path` and returns schema errors followed by CEL errors. */
export function walkSchema(
  s: InternalSchema | undefined,
  path: FieldPath,
  st: WalkState,
  isRoot: boolean,
  cel: CelContext | undefined,
): CrdProblem[] {
  const e = walk(s, path, st, isRoot, cel);
  return [...e.schema, ...e.cel];
}

function walk(s: InternalSchema | undefined, path: FieldPath, st: WalkState, isRoot: boolean, cel: CelContext | undefined): Errors {
  const errs: Errors = { schema: [], cel: [] };
  if (s === undefined) return errs;
  const add = (sub: Errors): void => {
    errs.schema.push(...sub.schema);
    errs.cel.push(...sub.cel);
  };
  errs.schema.push(...standardErrors(s, path, st));
  if (s.uniqueItems === true) {
    errs.schema.push(
      forbidden(path.child("uniqueItems"), "uniqueItems cannot be set to true since the runtime complexity becomes quadratic"),
    );
  }
  walkChildren(s, path, st, isRoot, cel, add);
  errs.schema.push(...extensionErrors(s, path, st.minor));
  errs.schema.push(...mapListKeyErrors(s, path, st.minor));
  errs.schema.push(...ruleTextErrors(s, path, st.minor));
  if (errs.schema.length === 0 && cel !== undefined && (s["x-kubernetes-validations"] ?? []).length > 0) {
    errs.cel.push(...compileRules(s, path, st, isRoot, cel));
  }
  return errs;
}

function walkChildren(
  s: InternalSchema,
  path: FieldPath,
  st: WalkState,
  isRoot: boolean,
  cel: CelContext | undefined,
  add: (e: Errors) => void,
): void {
  if (s.additionalProperties !== undefined) {
    if (propertyNames(s).length > 0 && (s.additionalProperties === false || typeof s.additionalProperties === "object")) {
      add({ schema: [forbidden(path.child("additionalProperties"), "additionalProperties and properties are mutual exclusive")], cel: [] });
    }
    if (typeof s.additionalProperties === "object") {
      const sub = st.insideResourceMeta ? withForbiddenDefaults(st, "inside additionalProperties applying to object metadata") : st;
      const ctx = cel === undefined ? undefined : { ...cel, cardinality: times(cel.cardinality, s.maxProperties) };
      add(walk(s.additionalProperties, path.child("additionalProperties"), sub, false, ctx));
    }
  }
  for (const k of propertyNames(s)) {
    let sub = st;
    // MapIsCorrelatable: granular and atomic maps (and unset) correlate old and new properties;
    // only an unknown map type would not (and structural validation rejects those anyway).
    const mapType = s["x-kubernetes-map-type"];
    if (mapType !== undefined && mapType !== "granular" && mapType !== "atomic") sub = withUncorrelatable(sub, path);
    if ((isRoot || s["x-kubernetes-embedded-resource"] === true) && metaFields.has(k)) {
      sub = { ...sub, insideResourceMeta: true };
      if (isRoot) sub = withForbiddenDefaults(sub, `in top-level ${k}`);
    }
    add(walk(s.properties![k], path.child("properties").key(k), sub, false, cel));
  }
  if (s.not !== undefined) add(walk(s.not, path.child("not"), st, false, undefined));
  for (const [key, list] of [
    ["allOf", s.allOf],
    ["oneOf", s.oneOf],
    ["anyOf", s.anyOf],
  ] as const) {
    (list ?? []).forEach((sub, i) => add(walk(sub, path.child(key).index(i), st, false, undefined)));
  }
  for (const k of Object.keys(s.definitions ?? {}).sort())
    add(walk(s.definitions![k], path.child("definitions").key(k), st, false, undefined));
  if (s.items !== undefined) {
    const sub = s["x-kubernetes-list-type"] !== "map" ? withUncorrelatable(st, path) : st;
    const ctx = cel === undefined ? undefined : { ...cel, cardinality: times(cel.cardinality, s.maxItems) };
    if (Array.isArray(s.items)) s.items.forEach((it, i) => add(walk(it, path.child("items").index(i), sub, false, ctx)));
    else add(walk(s.items, path.child("items"), sub, false, ctx));
  }
  for (const k of Object.keys(s.dependencies ?? {}).sort()) {
    const d = s.dependencies![k];
    if (d !== undefined && !Array.isArray(d)) add(walk(d, path.child("dependencies").key(k), st, false, undefined));
  }
}

/** specStandardValidatorV3.validate */
function standardErrors(s: InternalSchema, path: FieldPath, st: WalkState): CrdProblem[] {
  const out: CrdProblem[] = [];
  const type = s.type ?? "";
  if (type !== "" && !openapiTypes.includes(type)) out.push(notSupported(path.child("type"), type, openapiTypes));
  if (s.default !== undefined && !st.allowDefaults) {
    const detail = st.disallowDefaultsReason === "" ? "must not be set" : `must not be set ${st.disallowDefaultsReason}`;
    out.push(forbidden(path.child("default"), detail));
  }
  if ((s.id ?? "") !== "") out.push(forbidden(path.child("id"), "id is not supported"));
  if (s.additionalItems !== undefined) out.push(forbidden(path.child("additionalItems"), "additionalItems is not supported"));
  if (Object.keys(s.patternProperties ?? {}).length > 0)
    out.push(forbidden(path.child("patternProperties"), "patternProperties is not supported"));
  if (Object.keys(s.definitions ?? {}).length > 0) out.push(forbidden(path.child("definitions"), "definitions is not supported"));
  if (s.dependencies !== undefined) out.push(forbidden(path.child("dependencies"), "dependencies is not supported"));
  if (s.$ref !== undefined) out.push(forbidden(path.child("$ref"), "$ref is not supported"));
  if (type === "null") out.push(forbidden(path.child("type"), "type cannot be set to null, use nullable as an alternative"));
  if (Array.isArray(s.items) && s.items.length > 0)
    out.push(forbidden(path.child("items"), "items must be a schema object and not an array"));
  if (st.insideResourceMeta && s["x-kubernetes-embedded-resource"] === true) {
    out.push(forbidden(path.child("x-kubernetes-embedded-resource"), "must not be used inside of resource meta"));
  }
  return out;
}

function extensionErrors(s: InternalSchema, path: FieldPath, minor: number): CrdProblem[] {
  const out: CrdProblem[] = [];
  const type = s.type ?? "";
  const listType = s["x-kubernetes-list-type"];
  const mapType = s["x-kubernetes-map-type"];
  if (s["x-kubernetes-preserve-unknown-fields"] === false) {
    out.push(invalid(path.child("x-kubernetes-preserve-unknown-fields"), false, "must be true or undefined"));
  }
  if (mapType !== undefined && type !== "object") {
    const msg = "must be object if x-kubernetes-map-type is specified";
    out.push(type === "" ? required(path.child("type"), msg) : invalid(path.child("type"), type, msg));
  }
  if (mapType !== undefined && mapType !== "atomic" && mapType !== "granular") {
    out.push(notSupported(path.child("x-kubernetes-map-type"), mapType, ["atomic", "granular"]));
  }
  const items = itemSchema(s);
  if (listType !== undefined && type !== "array") {
    const msg = "must be array if x-kubernetes-list-type is specified";
    out.push(type === "" ? required(path.child("type"), msg) : invalid(path.child("type"), type, msg));
  } else if (listType === "set" && items !== undefined) {
    const msg = "must be atomic as item of a list with x-kubernetes-list-type=set";
    const itemList = items["x-kubernetes-list-type"];
    if (items.type === "array" && itemList !== undefined && itemList !== "atomic") {
      out.push(imposedBy(invalid(path.child("items", "x-kubernetes-list-type"), itemList, msg), path.child("x-kubernetes-list-type")));
    } else if (items.type === "object" && items["x-kubernetes-map-type"] !== "atomic") {
      // The server reports the item's list type here (nil for objects), hence "null".
      out.push(
        imposedBy(
          invalid(path.child("items", "x-kubernetes-map-type"), itemList ?? null, msg, wordingOf(minor)),
          path.child("x-kubernetes-list-type"),
        ),
      );
    }
  }
  if (listType !== undefined && listType !== "atomic" && listType !== "set" && listType !== "map") {
    out.push(notSupported(path.child("x-kubernetes-list-type"), listType, ["atomic", "set", "map"]));
  }
  return out;
}

function mapListKeyErrors(s: InternalSchema, path: FieldPath, minor: number): CrdProblem[] {
  const json = wordingOf(minor) === "1.37";
  const out: CrdProblem[] = [];
  const listType = s["x-kubernetes-list-type"];
  const keys = s["x-kubernetes-list-map-keys"] ?? [];
  const items = itemSchema(s);
  if (keys.length > 0) {
    const msg = "must be map if x-kubernetes-list-map-keys is non-empty";
    if (listType === undefined) out.push(required(path.child("x-kubernetes-list-type"), msg));
    else if (listType !== "map") out.push(invalid(path.child("x-kubernetes-list-type"), listType, msg));
  }
  if (listType === "map") {
    if (keys.length === 0)
      out.push(required(path.child("x-kubernetes-list-map-keys"), "must not be empty if x-kubernetes-list-type is map"));
    if (s.items === undefined) out.push(required(path.child("items"), "must have a schema if x-kubernetes-list-type is map"));
    if (Array.isArray(s.items)) {
      out.push(
        invalid(
          path.child("items"),
          new GoRendered(
            json ? `{"Schema":null,"JSONSchemas":[${s.items.map(schemaJson).join(",")}]}` : "&apiextensions.JSONSchemaPropsOrArray{...}",
          ),
          "must only have a single schema if x-kubernetes-list-type is map",
        ),
      );
    }
    if (items !== undefined && items.type !== "object") {
      const problem = invalid(
        path.child("items", "type"),
        items.type ?? "",
        "must be object if parent array's x-kubernetes-list-type is map",
      );
      out.push(imposedBy(problem, path.child("x-kubernetes-list-type")));
    }
    if (items !== undefined && items.type === "object") {
      const seen = new Set<string>();
      for (const k of keys) {
        const prop = items.properties?.[k];
        if (prop === undefined) {
          out.push(
            invalid(
              path.child("x-kubernetes-list-map-keys"),
              new GoRendered(json ? goJson(keys) : goSharpStringSlice(keys)),
              "entries must all be names of item properties",
            ),
          );
        } else if (prop.type === "array" || prop.type === "object") {
          const problem = invalid(
            path.child("items", "properties").key(k).child("type"),
            items.type,
            "must be a scalar type if parent array's x-kubernetes-list-type is map",
          );
          out.push(imposedBy(problem, path.child("x-kubernetes-list-map-keys")));
        }
        if (seen.has(k))
          out.push(
            invalid(
              path.child("x-kubernetes-list-map-keys"),
              new GoRendered(json ? goJson(keys) : goSharpStringSlice(keys)),
              "must not contain duplicate entries",
            ),
          );
        seen.add(k);
      }
    }
  }
  out.push(...mapSetItemErrors(s, path));
  return out;
}

/** validateMapListKeysMapSet: set/map items not nullable; map keys required or defaulted, not nullable. */
function mapSetItemErrors(s: InternalSchema, path: FieldPath): CrdProblem[] {
  const listType = s["x-kubernetes-list-type"];
  const items = itemSchema(s);
  if (items === undefined || (listType !== "set" && listType !== "map")) return [];
  const out: CrdProblem[] = [];
  if (items.nullable === true)
    out.push(forbidden(path.child("items", "nullable"), `cannot be nullable when x-kubernetes-list-type is ${listType}`));
  if (listType === "map") {
    const req = new Set(items.required ?? []);
    for (const k of s["x-kubernetes-list-map-keys"] ?? []) {
      const prop = items.properties?.[k];
      if (prop === undefined) continue;
      const pp = path.child("items", "properties").key(k);
      if (!req.has(k) && prop.default === undefined) {
        out.push(
          required(
            pp.child("default"),
            "this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property",
          ),
        );
      }
      if (prop.nullable === true)
        out.push(forbidden(pp.child("nullable"), "this property is in x-kubernetes-list-map-keys, so it cannot be nullable"));
    }
  }
  return out;
}

// The reasons a rule may give (supportedValidationReason), sorted as the server lists them.
const RULE_REASONS = ["FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"];

function ruleTextErrors(s: InternalSchema, path: FieldPath, minor: number): CrdProblem[] {
  const out: CrdProblem[] = [];
  // 1.34 dropped the field's name from the start of these details.
  const named = (field: string, detail: string): string => (wordingOf(minor) === "1.37" ? detail : `${field} ${detail}`);
  (s["x-kubernetes-validations"] ?? []).forEach((r, i) => {
    const p = path.child("x-kubernetes-validations").index(i);
    const rule = r.rule.trim();
    const msg = r.message.trim();
    if (rule === "") out.push(required(p.child("rule"), "rule is not specified"));
    else if (r.message.length > 0 && msg === "")
      out.push(invalid(p.child("message"), r.message, named("message", "must be non-empty if specified")));
    else if (/[\n\r]/.test(msg)) out.push(invalid(p.child("message"), r.message, named("message", "must not contain line breaks")));
    else if (/[\n\r]/.test(rule) && msg === "")
      out.push(required(p.child("message"), "message must be specified if rule contains line breaks"));
    if (minor < RULE_FIELDS_MINOR || r.later === undefined) return;
    const { messageExpression = "", reason, fieldPath = "" } = r.later;
    if (messageExpression.length > 0 && messageExpression.trim() === "")
      out.push(required(p.child("messageExpression"), "messageExpression must be non-empty if specified"));
    if (reason !== undefined && !RULE_REASONS.includes(reason)) out.push(notSupported(p.child("reason"), reason, RULE_REASONS));
    const fp = p.child("fieldPath");
    if (fieldPath.length > 0 && fieldPath.trim() === "")
      out.push(invalid(fp, fieldPath, named("fieldPath", "must be non-empty if specified")));
    if (/[\n\r]/.test(fieldPath)) out.push(invalid(fp, fieldPath, named("fieldPath", "must not contain line breaks")));
    // pathValid: a schema that is not structural gives no verdict (its own errors are reported).
    if (fieldPath.length > 0 && structuralConversionError(s) === undefined && "error" in resolveFieldPath(s, fieldPath, true))
      out.push(invalid(fp, fieldPath, named("fieldPath", "must be a valid path")));
  });
  return out;
}

function compileRules(s: InternalSchema, path: FieldPath, st: WalkState, isRoot: boolean, cel: CelContext): CrdProblem[] {
  const selfType = celTypeOf(s, isRoot || s["x-kubernetes-embedded-resource"] === true);
  if (selfType === undefined) return [];
  const out: CrdProblem[] = [];
  (s["x-kubernetes-validations"] ?? []).forEach((r, i) => {
    if (r.rule.trim() === "") return;
    const p = path.child("x-kubernetes-validations").index(i).child("rule");
    const res = celChecks.get().compileRule(r.rule, selfType, cel.minor, r.later?.optionalOldSelf === true);
    const cost = res.cost * (cel.cardinality ?? maxCardinality(s));
    if (cost > RULE_COST_LIMIT) out.push(forbidden(p, costErrorMessage("estimated rule cost", cost, RULE_COST_LIMIT)));
    cel.costs.observe(p.toString(), cost);
    if (res.error !== undefined) out.push(invalid(p, goRule(r, cel.minor), res.error));
    if (res.transition && st.uncorrelatable !== undefined) {
      out.push(
        invalid(p, r.rule, `oldSelf cannot be used on the uncorrelatable portion of the schema within ${st.uncorrelatable.toString()}`),
      );
    }
    // A rule that does not compile uses no oldSelf, as the server sees it.
    const optionalOldSelf = r.later?.optionalOldSelf;
    if (optionalOldSelf !== undefined && cel.minor >= OPTIONAL_OLD_SELF_MINOR && !(res.transition && res.error === undefined)) {
      const at = path.child("x-kubernetes-validations").index(i).child("optionalOldSelf");
      out.push(invalid(at, optionalOldSelf, "may not be set if oldSelf is not used in rule"));
    }
  });
  return out;
}

/** A bounded cardinality times a child's bound; unbounded as soon as either is. */
function times(cardinality: number | undefined, bound: number | undefined): number | undefined {
  return cardinality === undefined || bound === undefined ? undefined : cardinality * bound;
}
