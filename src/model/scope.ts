import { posix } from "node:path";
import type { LoadedFile } from "../load/index.js";
import type { NameBinding, Scope } from "./resolve-type.js";
import type { PackageId } from "./types.js";

/** The module specifier API packages import the apimachinery types from. */
export const RUNTIME_MODULE = "@kube-codegen/runtime";
/** It and its core layer's entry point, which exports the same apimachinery types (runtime/README.md#entry-points). */
const RUNTIME_MODULES: ReadonlySet<string> = new Set([RUNTIME_MODULE, `${RUNTIME_MODULE}/core`]);

/** What the scope builder needs to know about every package: its id, exported type names and private ones. */
export interface PackageIndex {
  readonly byDir: ReadonlyMap<
    string,
    {
      readonly id: PackageId;
      readonly names: ReadonlySet<string>;
      readonly privateNames: ReadonlySet<string>;
      readonly incomplete: boolean;
    }
  >;
}

/**
 * Builds the name scope of one file. Its own imports come first (an explicit import is what the
 * author meant), then the package's exported declarations, which every file of the package sees
 * as in a Go package. Resolution is syntactic (relative imports to another input package, the
 * runtime module), so no type checker is needed and it is the same on every machine.
 */
export function fileScope(file: LoadedFile, pkgDir: string, index: PackageIndex): Scope {
  const own = index.byDir.get(pkgDir);
  const imported = new Map<string, NameBinding>();
  // `import * as v1 from "../v1/types.js"`: the namespace's members resolve like named imports.
  const namespaces = new Map<string, string>();
  for (const imp of file.imports) {
    if (imp.namespace) namespaces.set(imp.namespace, imp.module);
    for (const [local, name] of imp.names) imported.set(local, bindImport(file, pkgDir, index, imp.module, name));
  }
  return (name) => {
    const dot = name.indexOf(".");
    if (dot > 0) {
      const module = namespaces.get(name.slice(0, dot));
      return module === undefined ? undefined : bindImport(file, pkgDir, index, module, name.slice(dot + 1));
    }
    const imp = imported.get(name);
    if (imp) return imp;
    if (own && own.names.has(name)) return { kind: "local", name, pkg: own.id };
    if (own && own.privateNames.has(name)) return { kind: "missing", name, dir: pkgDir, candidates: [], private: true };
    if (own?.incomplete) return { kind: "unknowable" };
    return undefined;
  };
}

function bindImport(file: LoadedFile, pkgDir: string, index: PackageIndex, module: string, name: string): NameBinding {
  if (RUNTIME_MODULES.has(module)) return { kind: "runtime", name };
  if (!module.startsWith(".")) return { kind: "foreign", module, name };
  const dir = posix.dirname(posix.normalize(posix.join(posix.dirname(file.rel), module)));
  const other = index.byDir.get(dir);
  if (other && other.names.has(name)) return { kind: dir === pkgDir ? "local" : "imported", name, pkg: other.id };
  if (other?.incomplete && !other.privateNames.has(name)) return { kind: "unknowable" };
  if (other) return { kind: "missing", name, dir, candidates: [...other.names], private: other.privateNames.has(name) };
  return { kind: "foreign", module, name };
}
