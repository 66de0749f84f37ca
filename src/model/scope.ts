import { posix } from "node:path";
import type { LoadedFile } from "../load/index.js";
import type { NameBinding, Scope } from "./resolve-type.js";
import type { PackageId } from "./types.js";

/** The module specifier API packages import the apimachinery types from. */
export const RUNTIME_MODULE = "kube-codegen/runtime";

/** What the scope builder needs to know about every package: its id, exported type names and private ones. */
export interface PackageIndex {
  readonly byDir: ReadonlyMap<string, { readonly id: PackageId; readonly names: ReadonlySet<string>; readonly privateNames: ReadonlySet<string> }>;
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
  for (const imp of file.imports) {
    for (const [local, name] of imp.names) {
      if (imp.module === RUNTIME_MODULE) {
        imported.set(local, { kind: "runtime", name });
      } else if (imp.module.startsWith(".")) {
        const target = posix.normalize(posix.join(posix.dirname(file.rel), imp.module));
        const dir = posix.dirname(target);
        const other = index.byDir.get(dir);
        if (other && other.names.has(name)) imported.set(local, { kind: dir === pkgDir ? "local" : "imported", name, pkg: other.id });
        else if (other) imported.set(local, { kind: "missing", name, dir, candidates: [...other.names], private: other.privateNames.has(name) });
        else imported.set(local, { kind: "foreign", module: imp.module, name });
      } else {
        imported.set(local, { kind: "foreign", module: imp.module, name });
      }
    }
  }
  return (name) => {
    const imp = imported.get(name);
    if (imp) return imp;
    if (own && own.names.has(name)) return { kind: "local", name, pkg: own.id };
    if (own && own.privateNames.has(name)) return { kind: "missing", name, dir: pkgDir, candidates: [], private: true };
    return undefined;
  };
}
