import { Code, errorAt, type Diagnostic } from "../diagnostics/index.js";
import type { TypeExpr } from "../load/index.js";
import { closest } from "../diagnostics/index.js";
import type { BuiltinName, PackageId, TypeRef } from "./types.js";

/** What a name in type position can mean inside one file. */
export type NameBinding =
  | { readonly kind: "local"; readonly name: string; readonly pkg: PackageId }
  | { readonly kind: "imported"; readonly name: string; readonly pkg: PackageId }
  | { readonly kind: "runtime"; readonly name: string }
  | { readonly kind: "foreign"; readonly module: string; readonly name: string }
  /** A name imported from (or used in) an input package that does not export it. */
  | {
      readonly kind: "missing";
      readonly name: string;
      readonly dir: string;
      readonly candidates: readonly string[];
      readonly private: boolean;
    }
  /** A name that may be declared in a file a syntax error kept from being read: already reported there. */
  | { readonly kind: "unknowable" };

/** Looks up what a type name means in the file being resolved. */
export type Scope = (name: string) => NameBinding | undefined;

const builtinList: readonly BuiltinName[] = [
  "TypeMeta",
  "ObjectMeta",
  "ListMeta",
  "Time",
  "MicroTime",
  "Duration",
  "Quantity",
  "IntOrString",
  "RawExtension",
  "Condition",
  "LabelSelector",
  "LabelSelectorRequirement",
  "OwnerReference",
  "ManagedFieldsEntry",
];
const builtinNames = new Set<BuiltinName>(builtinList);

/** Every name an API package may import from @kube-codegen/runtime. */
const runtimeNames: readonly string[] = [...builtinList, "int32", "int64"];

/** Standard library types that look usable but do not serialize as JSON, with the fix to suggest. */
const rejected: Record<string, string> = {
  Date: "use Time (an RFC 3339 string) from @kube-codegen/runtime",
  Map: "use Record<string, T>",
  Set: "use T[] with +listType=set",
  WeakMap: "use Record<string, T>",
  Promise: "API types are data; remove the Promise",
  Function: "API types are data; functions do not serialize",
  bigint: "use int64 from @kube-codegen/runtime",
  BigInt: "use int64 from @kube-codegen/runtime",
  Uint8Array: "use string (base64, +kubebuilder:validation:Format=byte)",
  Buffer: "use string (base64, +kubebuilder:validation:Format=byte)",
  object: "declare a named interface",
  Object: "declare a named interface",
};

const unsupportedFix: Record<string, string> = {
  tuple: "use T[] (CRD schemas have no tuples)",
  function: "API types are data; functions do not serialize",
  intersection: "declare an interface that extends both types",
  conditional: "write the resolved type out",
  mapped: "use Record<string, T> or a named interface",
  typeof: "write the type out",
  keyof: "use a union of string literals",
  template: "use string with +kubebuilder:validation:Pattern",
  other: "use a type of the input dialect (the type table of docs/guide/writing-api-packages.md)",
};

/** Resolves a type as written into a TypeRef, reporting what the dialect cannot express. */
export function resolveType(t: TypeExpr, scope: Scope, diags: Diagnostic[]): TypeRef | undefined {
  switch (t.k) {
    case "keyword":
      if (t.name === "string" || t.name === "number" || t.name === "boolean") return { kind: "primitive", name: t.name };
      if (t.name === "unknown" || t.name === "any") return { kind: "unknown", spelled: t.name };
      diags.push(errorAt(t.pos, Code.unsupportedType, `type ${t.text} is not supported in API types`, unsupportedHint(t.text)));
      return undefined;
    case "literal":
      return { kind: "literal", base: typeof t.value as "string" | "number" | "boolean", values: [t.value] };
    case "array": {
      const elem = resolveType(t.elem, scope, diags);
      return elem && { kind: "array", elem };
    }
    case "union":
      return resolveUnion(t, scope, diags);
    case "object":
      if (t.members.length === 0 && t.index) {
        const value = resolveType(t.index, scope, diags);
        return value && { kind: "map", value };
      }
      diags.push(
        errorAt(
          t.pos,
          Code.inlineObjectType,
          "inline object types are not supported in API types",
          "declare a named interface and refer to it, so it gets a name, docs and a deep copy",
        ),
      );
      return undefined;
    case "unsupported":
      diags.push(
        errorAt(t.pos, Code.unsupportedType, `${describe(t.what)} ${t.text} is not supported in API types`, unsupportedFix[t.what]),
      );
      return undefined;
    case "ref":
      return resolveRef(t, scope, diags);
    case "reported":
      return undefined;
  }
}

function resolveRef(t: Extract<TypeExpr, { k: "ref" }>, scope: Scope, diags: Diagnostic[]): TypeRef | undefined {
  if ((t.name === "Array" || t.name === "ReadonlyArray") && t.args.length === 1) {
    const elem = resolveType(t.args[0]!, scope, diags);
    return elem && { kind: "array", elem };
  }
  if (t.name === "Record" && t.args.length === 2) {
    const key = t.args[0]!;
    if (!(key.k === "keyword" && key.name === "string")) {
      diags.push(
        errorAt(key.pos, Code.nonStringRecordKey, "Record keys must be string", "JSON object keys are strings: use Record<string, T>"),
      );
      return undefined;
    }
    const value = resolveType(t.args[1]!, scope, diags);
    return value && { kind: "map", value };
  }
  const fix = rejected[t.name];
  const binding = scope(t.name);
  if (fix && (!binding || binding.kind === "foreign" || binding.kind === "unknowable")) {
    diags.push(errorAt(t.pos, Code.unsupportedType, `type ${t.name} is not supported in API types`, fix));
    return undefined;
  }
  if (t.args.length > 0) {
    diags.push(
      errorAt(
        t.pos,
        Code.genericType,
        `generic type ${t.name}<...> is not supported in API types`,
        "declare a concrete named type for each use",
      ),
    );
    return undefined;
  }
  if (binding?.kind === "unknowable") return undefined;
  const dot = t.name.indexOf(".");
  if (!binding && dot > 0 && scope(t.name.slice(0, dot))) {
    const owner = t.name.slice(0, dot);
    diags.push(
      errorAt(
        t.pos,
        Code.undeclaredType,
        `${t.name} is a member of ${owner}, not a type of its own`,
        `use ${owner} for any of its values, or a string literal type for a single value`,
      ),
    );
    return undefined;
  }
  if (!binding) {
    const hint = runtimeNames.includes(t.name)
      ? `import it: import type { ${t.name} } from "@kube-codegen/runtime"`
      : "declare it in the package, or import it from another API package of the input or from @kube-codegen/runtime";
    diags.push(errorAt(t.pos, Code.undeclaredType, `type ${t.name} is not declared in this package or imported`, hint));
    return undefined;
  }
  switch (binding.kind) {
    case "local":
    case "imported":
      return { kind: "named", name: binding.name, pkg: binding.pkg };
    case "runtime":
      if (binding.name === "int32" || binding.name === "int64") return { kind: "primitive", name: binding.name };
      if (builtinNames.has(binding.name as BuiltinName)) return { kind: "builtin", name: binding.name as BuiltinName };
      {
        const near = closest(binding.name, [...runtimeNames].sort(), 2)[0];
        diags.push(
          errorAt(
            t.pos,
            Code.notRuntimeApiType,
            `${binding.name} from @kube-codegen/runtime is not an API type`,
            near ? `did you mean ${near}?` : `the runtime's API types are ${builtinList.join(", ")}, int32 and int64`,
          ),
        );
      }
      return undefined;
    case "missing": {
      if (binding.private) {
        diags.push(
          errorAt(
            t.pos,
            Code.typeNotExported,
            `type ${binding.name} is not exported`,
            `export it from ${binding.dir}: generated code imports it by name`,
          ),
        );
        return undefined;
      }
      const near = closest(binding.name, [...binding.candidates].sort(), 1)[0];
      diags.push(
        errorAt(
          t.pos,
          Code.undeclaredType,
          `type ${binding.name} is not declared in ${binding.dir}`,
          near ? `did you mean ${near}?` : `declare it in ${binding.dir}, or import it from where it is declared`,
        ),
      );
      return undefined;
    }
    case "foreign":
      diags.push(
        errorAt(
          t.pos,
          Code.foreignType,
          `type ${t.name} comes from ${binding.module}, which is not an API package of the input`,
          foreignHint(binding.name),
        ),
      );
      return undefined;
  }
}

function resolveUnion(t: Extract<TypeExpr, { k: "union" }>, scope: Scope, diags: Diagnostic[]): TypeRef | undefined {
  let nullable = false;
  const rest: TypeExpr[] = [];
  for (const m of t.members) {
    if (m.k === "keyword" && m.name === "null") nullable = true;
    else if (m.k === "keyword" && m.name === "undefined")
      continue; // `p?: T | undefined` is the same as `p?: T`
    else rest.push(m);
  }
  let inner: TypeRef | undefined;
  if (rest.length === 1) {
    inner = resolveType(rest[0]!, scope, diags);
  } else if (rest.length > 1 && rest.every((m) => m.k === "literal")) {
    const values = rest.map((m) => m.value);
    const base = typeof values[0] as "string" | "number" | "boolean";
    if (!values.every((v) => typeof v === base)) {
      diags.push(
        errorAt(t.pos, Code.unsupportedUnion, "a union of literals must have literals of one type", "CRD enums hold values of one type"),
      );
      return undefined;
    }
    inner = { kind: "literal", base, values };
  } else if (rest.length > 1 && isIntOrString(rest)) {
    inner = { kind: "builtin", name: "IntOrString" };
  } else {
    diags.push(
      errorAt(
        t.pos,
        Code.unsupportedUnion,
        "this union type is not supported: only unions of literals and T | null are",
        "use a union of string literals, T | null, IntOrString, or separate optional fields",
      ),
    );
    return undefined;
  }
  if (!inner) return undefined;
  return nullable ? { kind: "nullable", inner } : inner;
}

function isIntOrString(members: TypeExpr[]): boolean {
  const names = members.map((m) => (m.k === "keyword" ? m.name : m.k === "ref" ? m.name : "")).sort();
  return names.length === 2 && names[0] === "number" && names[1] === "string";
}

function describe(what: string): string {
  return what === "function" ? "function type" : what === "tuple" ? "tuple type" : `${what} type`;
}

function unsupportedHint(text: string): string {
  if (text === "null") return "use T | null";
  if (text === "undefined") return "make the property optional with ?";
  if (text === "never" || text === "void") return "API types are data";
  if (text === "bigint") return "use int64 from @kube-codegen/runtime";
  if (text === "symbol") return "API types are data";
  return "use a type of the input dialect (the type table of docs/guide/writing-api-packages.md)";
}

// Users reach for Kubernetes' own types (a PodTemplateSpec from @kubernetes/client-node) the way Go
// code imports corev1; generated copies and schemas need to see the fields, so say how to get there.
function foreignHint(name: string): string {
  return `API types may reference only the input's packages and @kube-codegen/runtime: declare ${name} (with the fields you need) in an API package of the input, or type the field RawExtension to keep it as opaque JSON`;
}
