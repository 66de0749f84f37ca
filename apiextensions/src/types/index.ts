// Module: apiextensions. Owns the shapes of apiextensions.k8s.io CustomResourceDefinitions that
// several stages share: the v1 JSON form (JSONSchemaProps, ValidationRule, ScaleSubresource) the
// schema stage writes, the validation stage compiles and the test API server serves; and the
// server's internal, decoded form (InternalCrd, InternalSchema ...) the CRD checks build and check.
// Types only: it holds no behaviour and imports nothing outside this folder, so every stage may use it.
export type { JSONSchemaProps, ValidationRule } from "./json-schema-props.js";
export type { ScaleSubresource } from "./scale-subresource.js";
export type { InternalSchema, InternalValidationRule } from "./internal-schema.js";
export type {
  InternalColumn,
  InternalConversion,
  InternalCrd,
  InternalSubresources,
  InternalValidation,
  InternalVersion,
  InternalWebhookClientConfig,
} from "./internal-crd.js";
