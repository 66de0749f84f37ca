// What the server knows about one served resource (built-in or from a CRD): names, scope, subresources,
// verbs, the hooks (validation, defaulting) its create and update paths run, and its registry strategy.
import type { NameRule } from "./object-meta-validation.js";
import type { Strategy } from "./strategy.js";
import type { StatusCause } from "../status-errors.js";
import type { Decision, Emulate, RequestAttributes, UserInfo } from "../server-state.js";
import type { ScaleSubresource as ScaleSpec } from "@kube-codegen/apiextensions";

/** The stored object, as endpoints and controllers see it through the registry rather than from storage. */
export type { KubeObject } from "../storage/store.js";

/** One additionalPrinterColumns entry of a CRD version: part of what the registry knows of a resource, which
 * endpoints/table-output.ts prints. */
export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  format?: string;
  description?: string;
  priority?: number;
}

/** Per-version schema behaviour of a custom resource. */
export interface ObjectSchema {
  /** Drops unknown fields in place; returns their paths. */
  prune(obj: Record<string, unknown>): string[];
  /** Applies defaults in place. */
  applyDefaults(obj: Record<string, unknown>): void;
  /**
   * Validation causes (field paths and reasons as the server writes them); an update that ratchets
   * appends the Warning texts of the rules it excused to `warnings`; a status update checks the
   * status alone against the schema.
   */
  validate(
    obj: Record<string, unknown>,
    oldObj?: Record<string, unknown>,
    options?: { warnings?: string[]; status?: boolean },
  ): StatusCause[];
  /** Only the x-kubernetes-validations rules (the server still runs them when the kind is wrong). */
  validateRules(obj: Record<string, unknown>): StatusCause[];
}

/** One served resource at one group/version. */
export interface ResourceInfo {
  group: string;
  version: string;
  /** The plural, lower-case resource name used in URLs. */
  resource: string;
  kind: string;
  listKind: string;
  singular: string;
  namespaced: boolean;
  shortNames: string[];
  categories: string[];
  verbs: string[];
  /** Whether /status is served and splits status from the main resource. */
  statusSubresource: boolean;
  scale?: ScaleSpec;
  /** True for custom resources (no strategic merge patch, schema validation, kind errors as "Kind.group"). */
  custom: boolean;
  /**
   * A built-in's: the release whose OpenAPI definitions type it (the fields it has, list identities,
   * patch strategies), the emulated one's; 1.24's when absent.
   */
  schemaRelease?: "1.24" | "1.37";
  /** Whether metadata.generation is kept (bumped when anything but metadata/status changes). */
  hasGeneration: boolean;
  nameRule: NameRule;
  /** Field selector fields the server indexes besides metadata.name/namespace. */
  extraFieldSelectors: string[];
  storageVersionHash?: string;
  /** Schema for custom resources (absent for built-ins). */
  schema?: ObjectSchema;
  /** The CRD version's openAPIV3Schema as written (custom resources), for the patch library's type info. */
  openAPIV3Schema?: unknown;
  /** Built-in defaulting, run on create and update. */
  defaulter?: (obj: Record<string, unknown>) => void;
  /** Whether `validator` checks metadata itself (CRDs), so the generic metadata checks are skipped. */
  ownMetaValidation?: boolean;
  /** Extra validation for built-ins, worded as the emulated server (`emulate`, "1.24" when absent) words it. */
  validator?: (obj: Record<string, unknown>, old?: Record<string, unknown>, emulate?: Emulate) => StatusCause[];
  /** The strategy's warnings (WarningsOnCreate, or WarningsOnUpdate from `old`) for a write that passed validation. */
  warner?: (obj: Record<string, unknown>, old?: Record<string, unknown>) => string[];
  /** A CRD version's additionalPrinterColumns, for Table output. */
  printerColumns?: PrinterColumn[];
  /** Served only in discovery (no storage behind it), such as bindings or pods/exec. */
  discoveryOnly?: boolean;
  /** How the registry's create, update and delete paths treat this resource. */
  strategy: Strategy;
  /** Answered by code instead of storage (reviews, component statuses): the verbs in `verbs` call it. */
  answer?: (info: ResourceInfo, req: DirectRequest) => DirectAnswer;
  /** A CRD's conversion webhook (conversion.strategy Webhook), shared by the CRD's versions. */
  conversion?: Conversion;
  /** Another resource's storage this one reads and writes in that resource's shape (events.k8s.io's Events). */
  sharedStorage?: SharedStorage;
}

/**
 * One storage behind two resources, as kube-apiserver keeps events.k8s.io/v1 Events as core/v1 Events:
 * what this resource writes is stored in the other's shape and converted back when read.
 */
export interface SharedStorage {
  /** The storage key (storageKey) of the resource whose shape is stored. */
  readonly key: string;
  /** The stored type, which the server validates and so names in 422 Invalid errors. */
  readonly storedKind: { group: string; kind: string };
  /** The stored shape of an object written through this resource (an object already in it is kept). */
  toStorage(obj: Record<string, unknown>): Record<string, unknown>;
  /** A stored object in this resource's shape (an object already in it is kept). */
  fromStorage(obj: Record<string, unknown>): Record<string, unknown>;
  /** The stored shape's name of one of this resource's field selector fields. */
  storageField(field: string): string;
}

/**
 * Conversion between a resource's versions by a webhook, as apiextensions-apiserver's webhook
 * converter does it. Objects are stored at `storageVersion`; anything else is converted.
 */
export interface Conversion {
  readonly storageVersion: string;
  /** The served versions. */
  readonly versions: readonly string[];
  /**
   * `objects` (each at some version of the resource) at `version`, one review per object as the real
   * server sends them; rejects with a ConversionFailure worded as the real server's.
   */
  convert(objects: readonly Record<string, unknown>[], version: string): Promise<Record<string, unknown>[]>;
}

/** A request to a storageless resource. */
export interface DirectRequest {
  verb: string;
  name?: string;
  /** The decoded body of a create. */
  object?: Record<string, unknown>;
  /** The field manager of a write. */
  manager: string;
  /** Who asks (a self review is about them). */
  user?: UserInfo;
  /** The namespace in the path (a LocalSubjectAccessReview's). */
  namespace?: string;
  /** The server's authorizer, when it enforces one (reviews are answered by it; without it everything is allowed). */
  authorize?: (user: UserInfo, attrs: RequestAttributes) => Decision;
  /** The rules that apply to a user in a namespace (a SelfSubjectRulesReview's status), with the authorizer. */
  rules?: (user: UserInfo, namespace: string) => Record<string, unknown>;
  /** Whom a bearer token authenticates on this server (a TokenReview's question), undefined for none. */
  reviewToken?: (token: string) => UserInfo | undefined;
}

/** The answer of a storageless resource. */
export interface DirectAnswer {
  code: number;
  body: unknown;
  warnings?: string[];
}

/** "group/resource": the storage identity shared by all versions of a resource. */
export function storageKey(r: { group: string; resource: string }): string {
  return `${r.group}/${r.resource}`;
}

/** "group/version" or "v1" for the core group. */
export function groupVersion(r: { group: string; version: string }): string {
  return r.group ? `${r.group}/${r.version}` : r.version;
}

/** The standard verbs of a stored resource. */
export const STANDARD_VERBS = ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"];
