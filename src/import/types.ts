// The import stage's intermediate representation: API packages as data (readonly), which emit
// turns into doc.ts and types files. Marker lines are already rendered (their values escaped by
// src/emit/marker-literal.ts); type expressions are structured so emit alone writes TypeScript.

/** A TypeScript type expression of an imported field. */
export type TypeExpr =
  | { readonly kind: "primitive"; readonly name: "string" | "number" | "boolean" | "unknown" }
  /** A type the runtime exports: int32, int64, IntOrString. */
  | { readonly kind: "runtime"; readonly name: "int32" | "int64" | "IntOrString" }
  | { readonly kind: "named"; readonly name: string }
  | { readonly kind: "array"; readonly elem: TypeExpr }
  | { readonly kind: "map"; readonly value: TypeExpr }
  | { readonly kind: "nullable"; readonly inner: TypeExpr };

/** A property of an imported interface. */
export interface ImportField {
  readonly name: string;
  readonly optional: boolean;
  readonly type: TypeExpr;
  /** Description lines as they go into `//` comments. */
  readonly doc: readonly string[];
  /** Marker lines, `+` included. */
  readonly markers: readonly string[];
}

/** A declaration of an imported types file. */
export type ImportDecl =
  | {
      readonly kind: "interface";
      readonly name: string;
      /** `TypeMeta` for kinds and lists. */
      readonly extendsTypeMeta: boolean;
      readonly doc: readonly string[];
      readonly markers: readonly string[];
      readonly fields: readonly ImportField[];
    }
  | {
      readonly kind: "alias";
      readonly name: string;
      readonly doc: readonly string[];
      readonly markers: readonly string[];
      readonly type: TypeExpr;
    };

/** One types file: a kind, its list and the types its schema needs, in declaration order. */
export interface ImportFile {
  /** Path relative to the output root: `<group>/<version>/types.ts`. */
  readonly path: string;
  readonly decls: readonly ImportDecl[];
}

/** One API package: `<group>/<version>/` with its doc.ts markers and types files. */
export interface ImportPackage {
  readonly dir: string;
  readonly docMarkers: readonly string[];
  readonly files: readonly ImportFile[];
}
