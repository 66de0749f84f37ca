import type { Diagnostic, SourcePos } from "../diagnostics/index.js";

// Plain-data syntax the loader extracts from TypeScript, so that later stages never see
// compiler nodes. It keeps what the dialect can express and marks the rest "unsupported" with
// a position, for the model to report.

/** A type as written, before references are resolved. */
export type TypeExpr =
  | {
      readonly k: "keyword";
      readonly name: "string" | "number" | "boolean" | "unknown" | "any" | "null" | "undefined" | "other";
      readonly text: string;
      readonly pos: SourcePos;
    }
  | { readonly k: "literal"; readonly value: string | number | boolean; readonly pos: SourcePos }
  | { readonly k: "ref"; readonly name: string; readonly args: readonly TypeExpr[]; readonly pos: SourcePos }
  | { readonly k: "array"; readonly elem: TypeExpr; readonly pos: SourcePos }
  | { readonly k: "union"; readonly members: readonly TypeExpr[]; readonly pos: SourcePos }
  | { readonly k: "object"; readonly members: readonly PropSyntax[]; readonly index?: TypeExpr; readonly pos: SourcePos }
  | { readonly k: "unsupported"; readonly what: UnsupportedWhat; readonly text: string; readonly pos: SourcePos }
  /** A type the loader refused and has already reported (nested too deep): it resolves to nothing, silently. */
  | { readonly k: "reported"; readonly pos: SourcePos };

/** The TypeScript constructs the dialect rejects, by name, so the model can explain each. */
export type UnsupportedWhat = "tuple" | "function" | "intersection" | "conditional" | "mapped" | "typeof" | "keyof" | "template" | "other";

/** A property of an interface or object type. */
export interface PropSyntax {
  readonly name: string;
  readonly optional: boolean;
  readonly type: TypeExpr;
  readonly pos: SourcePos;
  /** Offset of the property's first token in the file text, for comment collection. */
  readonly offset: number;
}

/** A top-level declaration of a type file. */
export interface DeclSyntax {
  readonly kind: "interface" | "alias" | "enum" | "class" | "function" | "variable";
  readonly name: string;
  readonly exported: boolean;
  readonly pos: SourcePos;
  /** Offset of the declaration's first token (after its comments) in the file text. */
  readonly offset: number;
  readonly typeParams: number;
  readonly extends: readonly TypeExpr[];
  readonly members: readonly PropSyntax[];
  readonly index?: TypeExpr;
  readonly aliasOf?: TypeExpr;
  readonly enumMembers?: readonly { readonly name: string; readonly value: string | number | undefined }[];
  /** For functions: parameter and return types as written. */
  readonly params?: readonly string[];
  readonly returns?: string;
}

/** An import declaration: which names come from where. */
export interface ImportSyntax {
  readonly module: string;
  /** local name → imported name */
  readonly names: ReadonlyMap<string, string>;
  /** The local name of `import * as ns`, whose types are written `ns.Name` (Go's `metav1.ObjectMeta`). */
  readonly namespace?: string;
  readonly pos: SourcePos;
}

/** One source file of an API package. */
export interface LoadedFile {
  /** Path relative to the input root, posix separators: `samplecontroller/v1alpha1/types.ts`. */
  readonly rel: string;
  /** Path as diagnostics print it (relative to the working directory). */
  readonly display: string;
  readonly text: string;
  readonly imports: readonly ImportSyntax[];
  readonly decls: readonly DeclSyntax[];
  /** True when a syntax error kept the file from being read: names it declares are unknown, not missing. */
  readonly unparsed?: true;
  /** True for files this tool generated (they carry the generated-code line); they are not input. */
  readonly generated: boolean;
}

/** One `<group>/<version>` directory. */
export interface LoadedPackage {
  /** `samplecontroller/v1alpha1` */
  readonly dir: string;
  readonly groupDir: string;
  readonly versionDir: string;
  readonly docFile?: LoadedFile;
  /** All non-generated .ts files, doc.ts included, sorted by path. */
  readonly files: readonly LoadedFile[];
}

/** What the loader hands to the model. */
export interface LoadedInput {
  readonly inputRoot: string;
  readonly packages: readonly LoadedPackage[];
}

/** A parsed file: its declarations and imports, or the syntax errors that stopped it. */
export interface ParsedFile {
  readonly imports: ImportSyntax[];
  readonly decls: DeclSyntax[];
  readonly diagnostics: Diagnostic[];
  /** True when a syntax error kept the file's declarations from being read. */
  readonly unparsed?: true;
}
