import type { SourcePos } from "../diagnostics/index.js";
import type { MarkerSet } from "../markers/index.js";
import type { ScaleSubresource } from "@kube-codegen/apiextensions";

// The intermediate representation every generator reads. Readonly data: no compiler nodes, no
// file handles, no functions, so generators stay pure and the model can be built in tests by hand.

/** The number and scalar types an API field can have. */
export type PrimitiveName = "string" | "boolean" | "number" | "int32" | "int64";

/** The apimachinery types the runtime exports and the generators know by name. */
export type BuiltinName =
  | "TypeMeta"
  | "ObjectMeta"
  | "ListMeta"
  | "Time"
  | "MicroTime"
  | "Duration"
  | "Quantity"
  | "IntOrString"
  | "RawExtension"
  | "Condition"
  | "LabelSelector"
  | "LabelSelectorRequirement"
  | "OwnerReference"
  | "ManagedFieldsEntry";

/** A resolved reference to a type, as a field or alias uses it. */
export type TypeRef =
  | { readonly kind: "primitive"; readonly name: PrimitiveName }
  /** A union of literals (`"a" | "b"`) or a string enum: schema enum values. */
  | { readonly kind: "literal"; readonly base: "string" | "number" | "boolean"; readonly values: readonly (string | number | boolean)[] }
  | { readonly kind: "array"; readonly elem: TypeRef }
  /** `Record<string, T>` or `{ [k: string]: T }`. */
  | { readonly kind: "map"; readonly value: TypeRef }
  /** A type declared in an input package (possibly another group/version). */
  | { readonly kind: "named"; readonly name: string; readonly pkg: PackageId }
  | { readonly kind: "builtin"; readonly name: BuiltinName }
  /** `T | null`. */
  | { readonly kind: "nullable"; readonly inner: TypeRef }
  /** `unknown` or `any`: data the generator cannot see into. */
  | { readonly kind: "unknown"; readonly spelled: "unknown" | "any" };

/** Identifies an API package: a group/version directory of the input. */
export interface PackageId {
  readonly group: string;
  readonly version: string;
}

/** A property of a struct type. */
export interface FieldModel {
  /** The JSON name, which is the TypeScript property name. */
  readonly name: string;
  readonly type: TypeRef;
  /** Declared with `?` (the analogue of Go's omitempty). */
  readonly optional: boolean;
  /** Resolved requiredness: explicit markers, then the package default, then `?`. */
  readonly required: boolean;
  readonly doc: string;
  readonly markers: MarkerSet;
  readonly pos: SourcePos;
}

/** The body of a type declaration. */
export type TypeShape =
  /** An interface or object type alias: own fields plus the fields of the types it extends (inlined). */
  /** `incomplete`: a field or embed was dropped for an error already reported, so its absence proves nothing. */
  | { readonly kind: "struct"; readonly fields: readonly FieldModel[]; readonly embeds: readonly TypeRef[]; readonly incomplete?: true }
  /** `type X = <type>` that is not an object type. */
  | { readonly kind: "alias"; readonly target: TypeRef };

/** A named type declared in an API package. */
export interface TypeModel {
  readonly name: string;
  readonly pkg: PackageId;
  readonly doc: string;
  readonly markers: MarkerSet;
  readonly shape: TypeShape;
  /** The file that declares it, relative to the input root (posix separators). */
  readonly file: string;
  readonly pos: SourcePos;
  /** True for kinds (top-level objects with TypeMeta and metadata). */
  readonly isKind: boolean;
  /** True for `<Kind>List` types declared in the input. */
  readonly isList: boolean;
}

/** The `+genclient` settings of a kind; absent when the kind has no `+genclient`. */
export interface ClientModel {
  readonly namespaced: boolean;
  readonly noStatus: boolean;
  /** The verbs the client offers, in client-go order. */
  readonly verbs: readonly string[];
  readonly extensions: readonly ClientExtension[];
}

/** A `+genclient:method=` extension. */
export interface ClientExtension {
  readonly name: string;
  readonly verb: string;
  readonly subresource?: string;
  readonly input?: string;
  readonly result?: string;
}

/** A top-level object type and everything generators need to know about serving it. */
export interface KindModel {
  readonly name: string;
  readonly pkg: PackageId;
  readonly listName: string;
  /** False when the list type is not in the input and the generators must declare it. */
  readonly listDeclared: boolean;
  readonly plural: string;
  readonly singular: string;
  readonly namespaced: boolean;
  readonly shortNames: readonly string[];
  readonly categories: readonly string[];
  readonly statusSubresource: boolean;
  /** From `+kubebuilder:subresource:scale`. */
  readonly scale?: ScaleSubresource;
  readonly client?: ClientModel;
  readonly pos: SourcePos;
}

/** One group/version directory of the input. */
export interface PackageModel {
  readonly id: PackageId;
  /** The directory, relative to the input root (posix), e.g. `samplecontroller/v1alpha1`. */
  readonly dir: string;
  /** The package's directory name for the group (Go's package name), e.g. `samplecontroller`. */
  readonly groupPackage: string;
  /** A Go-style name for the group used in client accessors (`+groupGoName=`, else from the group). */
  readonly groupGoName: string;
  readonly markers: MarkerSet;
  readonly docFile: string;
  /** Types sorted by name. */
  readonly types: readonly TypeModel[];
  /** Kinds sorted by name. */
  readonly kinds: readonly KindModel[];
  /** Functions declared in the package's hand-written files, for deep-copy hatches. */
  readonly handwritten: readonly HandwrittenFunction[];
}

/** A function exported by a non-generated file of a package. */
export interface HandwrittenFunction {
  readonly name: string;
  readonly file: string;
  readonly pos: SourcePos;
  /** Whether the function is exported (a hand-written copy must be). */
  readonly exported: boolean;
  /** The parameter and return types as written, for signature checks. */
  readonly params: readonly string[];
  readonly returns: string;
}

/** The whole input: packages sorted by group then version. */
export interface ApiModel {
  /** Absolute path of the input root. */
  readonly inputRoot: string;
  readonly packages: readonly PackageModel[];
}
