// compileSchema: one openAPIV3Schema compiled once into a SchemaValidator that prunes, defaults and
// validates objects in the order and with the messages of the 1.24 server's custom resource strategy.
import type { CompileSchemaOptions, FieldError, SchemaValidator, UncheckedRule, ValidateOptions } from "./types.js";
import type { JSONSchemaProps } from "../types/index.js";
import { invalid, NIL_PATH } from "./field-error.js";
import { compileNode } from "./schema-node.js";
import { validateSchema } from "./openapi-validate.js";
import { validateListTypes } from "./list-type.js";
import { validateEmbeddedResources } from "./object-meta.js";
import { validateScale } from "./scale.js";
import { pruneResource } from "./prune.js";
import { applyDefaults } from "./defaults.js";
import { celRules } from "./cel/engine.js";
import type { CompiledRules } from "./cel/rules.js";
import type { SchemaNode } from "./schema-node.js";

// Error types after which the server skips CEL rules (1.24's hasBlockingErr; enum failures do not block).
const BLOCKING = new Set(["FieldValueRequired", "FieldValueTooLong", "FieldValueTooMany", "FieldValueTypeInvalid"]);

/** The cause the server adds when schema errors stopped it from running CEL rules. */
export const RULES_NOT_CHECKED: FieldError = invalid(
  NIL_PATH,
  null,
  "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation",
);

const NO_RULES: CompiledRules = { byNode: new Map(), relevant: new Set(), unchecked: [], omitFailureValue: false };

// Whether any node has x-kubernetes-validations: only then is CEL needed (cel/engine.ts).
function hasRules(node: SchemaNode): boolean {
  if ((node.raw["x-kubernetes-validations"] ?? []).length > 0) return true;
  for (const [, sub] of node.properties ?? []) if (hasRules(sub)) return true;
  if (typeof node.additional === "object" && hasRules(node.additional)) return true;
  return node.items !== undefined && hasRules(node.items);
}

/**
 * Compiles an openAPIV3Schema (patterns, formats and CEL rules included) into a reusable validator.
 * A schema with x-kubernetes-validations needs CEL loaded, one with a pattern or a hostname format
 * RE2: the public entry loads both, the on-demand entry's caller awaits prepareFor() first.
 */
export function compileSchema(openAPIV3Schema: JSONSchemaProps, options: CompileSchemaOptions = {}): SchemaValidator {
  const root = compileNode(openAPIV3Schema);
  const rules = hasRules(root)
    ? celRules
        .get()
        .compileRules(root, { omitFailureValue: options.omitRuleFailureValue === true, optionalOldSelf: options.optionalOldSelf !== false })
    : NO_RULES;
  const uncheckedRules: readonly UncheckedRule[] = rules.unchecked;
  return {
    uncheckedRules,
    prune: (obj) => pruneResource(root, obj),
    applyDefaults: (obj) => applyDefaults(root, obj),
    validate(obj: Record<string, unknown>, oldObj?: Record<string, unknown>, options?: ValidateOptions): FieldError[] {
      const out: FieldError[] = [];
      validateSchema(root, obj, "", out);
      if (options?.scale) validateScale(obj, options.scale, out);
      validateEmbeddedResources(root, obj, "", out);
      validateListTypes(root, obj, "", out);
      if (rules.byNode.size > 0) {
        if (out.some((e) => BLOCKING.has(e.reason))) out.push({ ...RULES_NOT_CHECKED });
        else celRules.get().evaluateRules({ rules, out }, root, obj, oldObj, oldObj !== undefined, "", true);
      }
      return out;
    },
  };
}
