// JSONSchemaProps as the API server keeps it after decoding a CRD (Go's internal apiextensions
// package, not v1): known keys only, each with its JSON type. Unknown keys are dropped (the 1.24
// server drops them silently, e.g. a CEL rule's `reason`).
// Why a second type beside JSONSchemaProps: the CRD checks must represent schemas the server
// rejects (an `items` array, `$ref`, `definitions`, `patternProperties` ...) in order to reject
// them with the server's messages; JSONSchemaProps types only the well-formed schemas we write.

/** One x-kubernetes-validations entry as the 1.24 server keeps it. */
export interface InternalValidationRule {
  rule: string;
  message: string;
  /** The fields later servers keep (and print in their messages), when given with their JSON types. */
  later?: { messageExpression?: string; reason?: string; fieldPath?: string; optionalOldSelf?: boolean };
}

/** apiextensions JSONSchemaProps after decoding; keys are the JSON names. */
export interface InternalSchema {
  id?: string;
  $schema?: string;
  $ref?: string;
  description?: string;
  type?: string;
  format?: string;
  title?: string;
  /** Present only when the JSON default is not null (the server drops `default: null`). */
  default?: unknown;
  maximum?: number;
  exclusiveMaximum?: boolean;
  minimum?: number;
  exclusiveMinimum?: boolean;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maxItems?: number;
  minItems?: number;
  uniqueItems?: boolean;
  multipleOf?: number;
  enum?: unknown[];
  maxProperties?: number;
  minProperties?: number;
  required?: string[];
  /** A schema, or (rejected later) an array of schemas. */
  items?: InternalSchema | InternalSchema[];
  allOf?: InternalSchema[];
  oneOf?: InternalSchema[];
  anyOf?: InternalSchema[];
  not?: InternalSchema;
  properties?: Record<string, InternalSchema>;
  additionalProperties?: boolean | InternalSchema;
  patternProperties?: Record<string, InternalSchema>;
  dependencies?: Record<string, InternalSchema | string[]>;
  additionalItems?: boolean | InternalSchema;
  definitions?: Record<string, InternalSchema>;
  externalDocs?: unknown;
  example?: unknown;
  nullable?: boolean;
  "x-kubernetes-preserve-unknown-fields"?: boolean;
  "x-kubernetes-embedded-resource"?: boolean;
  "x-kubernetes-int-or-string"?: boolean;
  "x-kubernetes-list-map-keys"?: string[];
  "x-kubernetes-list-type"?: string;
  "x-kubernetes-map-type"?: string;
  "x-kubernetes-validations"?: InternalValidationRule[];
}
