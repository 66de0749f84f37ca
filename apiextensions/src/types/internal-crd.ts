// A CustomResourceDefinition as the API server's validation sees it after decoding (Go's internal
// apiextensions package, not v1): unknown keys dropped, v1 defaults applied, and per-version parts
// lifted to the top level when every version carries the same value. The CRD checks build it
// (apiextensions/src/crd-checks/decode.ts) and check it; nothing else should need it.
import type { InternalSchema } from "./internal-schema.js";
import type { ScaleSubresource } from "./scale-subresource.js";

/** A printer column in the internal shape (`JSONPath`, not `jsonPath`). */
export interface InternalColumn {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
  JSONPath: string;
}

/** The subresources block. */
export interface InternalSubresources {
  status?: Record<string, unknown>;
  scale?: ScaleSubresource;
}

/** CustomResourceValidation: present even when its openAPIV3Schema is not. */
export interface InternalValidation {
  openAPIV3Schema?: InternalSchema;
}

/** One version in the internal shape; lifted parts are undefined. */
export interface InternalVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated: boolean;
  deprecationWarning?: string;
  schema?: InternalValidation;
  subresources?: InternalSubresources;
  additionalPrinterColumns: InternalColumn[];
  /** selectableFields' jsonPaths (1.31 and later keep them; empty when none or lifted). */
  selectableFields: string[];
}

/** Webhook conversion client config in the internal shape. */
export interface InternalWebhookClientConfig {
  url?: string;
  service?: { namespace: string; name: string; path?: string; port: number };
}

/** spec.conversion in the internal shape. */
export interface InternalConversion {
  strategy: string;
  webhookClientConfig?: InternalWebhookClientConfig;
  conversionReviewVersions?: string[];
}

/** The CRD as the internal validation sees it. */
export interface InternalCrd {
  name: string;
  generateName: string;
  namespace: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  group: string;
  scope: string;
  names: { plural: string; singular: string; kind: string; listKind: string; shortNames: string[]; categories: string[] };
  /** spec.version: the first version's name (set by conversion from v1). */
  version: string;
  versions: InternalVersion[];
  validation?: InternalValidation;
  subresources?: InternalSubresources;
  additionalPrinterColumns: InternalColumn[];
  /** spec.selectableFields: the versions' jsonPaths when every version has the same. */
  selectableFields: string[];
  conversion: InternalConversion;
  preserveUnknownFields: boolean;
  /** status.storedVersions as a create sets them: the first storage version, if any. */
  storedVersions: string[];
}
