// apiextensions.k8s.io/v1 JSONSchemaProps as JSON: the form the schema stage writes into CRDs, the
// validation stage compiles and the test API server serves. It types only well-formed schemas
// (one `items` schema, no `$ref`); the CRD checks read untrusted CRDs through InternalSchema instead.

/** apiextensions.k8s.io/v1 JSONSchemaProps as plain JSON (the members the project reads are typed; others pass through). */
export interface JSONSchemaProps {
  type?: string;
  format?: string;
  description?: string;
  nullable?: boolean;
  default?: unknown;
  enum?: unknown[];
  maximum?: number;
  exclusiveMaximum?: boolean;
  minimum?: number;
  exclusiveMinimum?: boolean;
  multipleOf?: number;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maxItems?: number;
  minItems?: number;
  uniqueItems?: boolean;
  maxProperties?: number;
  minProperties?: number;
  required?: string[];
  items?: JSONSchemaProps;
  properties?: Record<string, JSONSchemaProps>;
  additionalProperties?: JSONSchemaProps | boolean;
  allOf?: JSONSchemaProps[];
  anyOf?: JSONSchemaProps[];
  oneOf?: JSONSchemaProps[];
  not?: JSONSchemaProps;
  "x-kubernetes-int-or-string"?: boolean;
  "x-kubernetes-preserve-unknown-fields"?: boolean;
  "x-kubernetes-embedded-resource"?: boolean;
  "x-kubernetes-list-type"?: string;
  "x-kubernetes-list-map-keys"?: string[];
  "x-kubernetes-map-type"?: string;
  "x-kubernetes-validations"?: ValidationRule[];
  [other: string]: unknown;
}

/** One x-kubernetes-validations entry. */
export interface ValidationRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  reason?: string;
  fieldPath?: string;
  /** oldSelf is an optional, so the rule runs on create too (optional.none()) and on uncorrelated values (1.30+). */
  optionalOldSelf?: boolean;
}
