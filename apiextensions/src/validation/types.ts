// The shapes shared by the validation stage and its callers (the validate command and the test API server).
// The CRD shapes it reads (JSONSchemaProps, ScaleSubresource) live in apiextensions/src/types.
import type { ScaleSubresource } from "../types/index.js";
import type { ServerWording } from "./name-rules.js";

/** One cause of an Invalid status, exactly as the server writes it in details.causes. */
export interface FieldError {
  /** Status cause reason as the server writes it: FieldValueRequired, FieldValueInvalid, FieldValueNotSupported,
   *  FieldValueDuplicate, FieldValueTypeInvalid, FieldValueForbidden, FieldValueTooLong, FieldValueTooMany ... */
  reason: string;
  /** Field path as the server writes it in details.causes[].field, e.g. "spec.replicas", "spec.ports[1]" */
  field: string;
  /** The cause message as the server writes it in details.causes[].message, e.g.
   *  "Invalid value: 11: spec.replicas in body should be less than or equal to 10" */
  message: string;
}

/** A CEL rule this implementation could not compile or evaluate, so it was not checked. */
export interface UncheckedRule {
  /** Schema location of the rule, as a field path ("spec", "spec.ports[*]"). */
  field: string;
  rule: string;
  reason: string;
}

/** Options of SchemaValidator.validate beyond the agreed (obj, oldObj). */
/** How the server whose answers a compiled schema gives words them. */
export interface CompileSchemaOptions {
  /**
   * A failed x-kubernetes-validations rule prints its value when a scalar and omits it otherwise (1.37;
   * 1.24 prints the schema type). Defaults to whether `wording` is 1.37's.
   */
  omitRuleFailureValue?: boolean;
  /** A rule's optionalOldSelf is honoured (servers from 1.30; the default); 1.24 drops the field. */
  optionalOldSelf?: boolean;
  /**
   * Whose messages validation gives: 1.24's (the default) or 1.37's, which print compound bad values
   * as JSON and nil as null, say "at most 1 item", and skip CEL rules after an enum failure too.
   */
  wording?: ServerWording;
  /**
   * The `k8s-short-name` and `k8s-long-name` formats are checked (servers from 1.35, which check
   * formats at compatibility version 1.34). Defaults to whether `wording` is 1.37's.
   */
  nameFormats?: boolean;
  /**
   * Validation ratcheting (1.30 and later): on an update, what equals the old value it correlates with
   * keeps its schema errors to itself, and its failed rules without oldSelf become warnings. Defaults
   * to whether `wording` is 1.37's.
   */
  ratcheting?: boolean;
}

export interface ValidateOptions {
  /** Validate the scale subresource fields as the server does for CRDs with a scale subresource. */
  scale?: ScaleSubresource;
  /** Where a ratcheting update appends the Warning texts of the rules it excused ("<field>: <message>"). */
  warnings?: string[];
  /**
   * A status update: the schema checks only `status` (against its own schema, as the server's status
   * strategy does), the scale check only the status replicas and selector, and no embedded resources;
   * list types and CEL rules still cover the whole object.
   */
  status?: boolean;
}

/** A compiled openAPIV3Schema: compile once, then prune, default and validate many objects. */
export interface SchemaValidator {
  /** Removes, in place, fields the schema does not know (honouring x-kubernetes-preserve-unknown-fields and
   *  x-kubernetes-embedded-resource); returns their paths ("spec.junk") for Warning headers / Strict errors. */
  prune(obj: Record<string, unknown>): string[];
  /** Applies schema defaults in place, as the server does (after pruning, before validation). */
  applyDefaults(obj: Record<string, unknown>): void;
  /** Schema validation + list-set/list-map uniqueness + int-or-string + nullable + formats + RE2 patterns
   *  + x-kubernetes-validations CEL rules (transition rules get oldObj). Errors in the server's order. */
  validate(obj: Record<string, unknown>, oldObj?: Record<string, unknown>, options?: ValidateOptions): FieldError[];
  /** CEL rules that could not be compiled/evaluated here, with their paths, so callers can say so plainly. */
  readonly uncheckedRules: readonly UncheckedRule[];
}
