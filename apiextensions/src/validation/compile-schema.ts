// compileSchema: one openAPIV3Schema compiled once into a SchemaValidator that prunes, defaults and
// validates objects in the order and with the messages of the server's custom resource strategy
// (1.24's, or 1.37's with `wording`).
import type { CompileSchemaOptions, FieldError, SchemaValidator, UncheckedRule, ValidateOptions } from "./types.js";
import type { JSONSchemaProps } from "../types/index.js";
import { invalid, NIL_PATH } from "./field-error.js";
import { compileNode } from "./schema-node.js";
import { validateSchema } from "./openapi-validate.js";
import { validateListTypes } from "./list-type.js";
import { validateEmbeddedResources } from "./object-meta.js";
import { validateScale } from "./scale.js";
import { pruneResource } from "./prune.js";
import { Ratchet } from "./ratchet.js";
import { applyDefaults } from "./defaults.js";
import { celRules } from "./cel/engine.js";
import type { CompiledRules } from "./cel/rules.js";
import type { SchemaNode } from "./schema-node.js";
import type { ServerWording } from "./name-rules.js";

// Error types after which the server skips CEL rules (hasBlockingErr): enum failures block from 1.29, not in 1.24.
const BLOCKING_1_24 = new Set(["FieldValueRequired", "FieldValueTooLong", "FieldValueTooMany", "FieldValueTypeInvalid"]);
const BLOCKING_1_37 = new Set([...BLOCKING_1_24, "FieldValueNotSupported"]);

/** The cause the server adds when schema errors stopped it from running CEL rules (its value is nil). */
export function rulesNotChecked(wording: ServerWording = "1.24"): FieldError {
  const detail =
    "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation";
  return invalid(NIL_PATH, null, detail, wording);
}

const NO_RULES: CompiledRules = { byNode: new Map(), relevant: new Set(), unchecked: [], omitFailureValue: false };

// Whether any node has x-kubernetes-validations: only then is CEL needed (cel/engine.ts).
function hasRules(node: SchemaNode): boolean {
  if ((node.raw["x-kubernetes-validations"] ?? []).length > 0) return true;
  for (const [, sub] of node.properties ?? []) if (hasRules(sub)) return true;
  if (typeof node.additional === "object" && hasRules(node.additional)) return true;
  return node.items !== undefined && hasRules(node.items);
}

/**
 * A status update's schema check: the status alone, against the status property's schema as a root
 * of its own (so messages name `count`, not `status.count`), its errors placed under `status`.
 */
function validateStatus(
  root: SchemaNode,
  obj: Record<string, unknown>,
  oldObj: Record<string, unknown> | undefined,
  out: FieldError[],
  w: ServerWording,
  ratchet: Ratchet | undefined,
): void {
  const node = root.properties?.get("status");
  if (node === undefined || !Object.hasOwn(obj, "status")) return;
  const errors: FieldError[] = [];
  const correlated = ratchet !== undefined && oldObj !== undefined && Object.hasOwn(oldObj, "status");
  validateSchema(node, obj["status"], "", errors, w, correlated ? { ratchet, old: oldObj["status"] } : undefined);
  for (const e of errors) out.push({ ...e, field: e.field === NIL_PATH ? "status" : `status.${e.field}` });
}

/**
 * Compiles an openAPIV3Schema (patterns, formats and CEL rules included) into a reusable validator.
 * A schema with x-kubernetes-validations needs CEL loaded, one with a pattern or a hostname format
 * RE2: the public entry loads both, the on-demand entry's caller awaits prepareFor() first.
 */
export function compileSchema(openAPIV3Schema: JSONSchemaProps, options: CompileSchemaOptions = {}): SchemaValidator {
  const w = options.wording ?? "1.24";
  const root = compileNode(openAPIV3Schema, options.nameFormats ?? w === "1.37");
  // 1.37's wording brings its rule-failure values and its ratcheting, unless an option says otherwise.
  const omitFailureValue = options.omitRuleFailureValue ?? w === "1.37";
  const ratcheting = options.ratcheting ?? w === "1.37";
  const rules = hasRules(root)
    ? celRules.get().compileRules(root, { omitFailureValue, optionalOldSelf: options.optionalOldSelf !== false })
    : NO_RULES;
  const uncheckedRules: readonly UncheckedRule[] = rules.unchecked;
  const blocking = w === "1.37" ? BLOCKING_1_37 : BLOCKING_1_24;
  return {
    uncheckedRules,
    prune: (obj) => pruneResource(root, obj),
    applyDefaults: (obj) => applyDefaults(root, obj),
    validate(obj: Record<string, unknown>, oldObj?: Record<string, unknown>, options?: ValidateOptions): FieldError[] {
      const out: FieldError[] = [];
      const ratchet = ratcheting && oldObj !== undefined ? new Ratchet() : undefined;
      const status = options?.status === true;
      if (status) validateStatus(root, obj, oldObj, out, w, ratchet);
      else validateSchema(root, obj, "", out, w, ratchet ? { ratchet, old: oldObj } : undefined);
      if (options?.scale) validateScale(obj, options.scale, out, status);
      if (!status) validateEmbeddedResources(root, obj, "", out, w);
      // An update may keep list-set/list-map duplicates the old object already had (every release).
      const oldListErrors: FieldError[] = [];
      if (oldObj !== undefined) validateListTypes(root, oldObj, "", oldListErrors, w);
      if (oldListErrors.length === 0) validateListTypes(root, obj, "", out, w);
      if (rules.byNode.size > 0) {
        if (out.some((e) => blocking.has(e.reason))) out.push(rulesNotChecked(w));
        else {
          const cel = celRules.get();
          const run = {
            rules,
            out,
            budget: cel.newBudget(),
            ...(ratchet ? { ratchet: { ratchet, warnings: options?.warnings ?? [] } } : {}),
          };
          cel.evaluateRules(run, root, obj, oldObj, oldObj !== undefined, "", true);
        }
      }
      return out;
    },
  };
}
