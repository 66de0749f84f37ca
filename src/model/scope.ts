import { posix } from "node:path";
import type { LoadedFile } from "../load/index.js";
import type { NameBinding, Scope } from "./resolve-type.js";
import type { PackageId } from "./types.js";

/** The module specifier API packages import the apimachinery types from. */
export const RUNTIME_MODULE = "kube-codegen/runtime";

/** What the scope builder needs to know about every package: its directory, id and declared names. */
export interface PackageIndex {
  readonly byDir: ReadonlyMap<string, { readonly id: PackageId; readonly names: ReadonlySet<string> }>;
}

/**
 * Builds the name scope of one file: its package's own declarations first, then its imports,
 * resolved syntactically (relative imports to another input package, the runtime module) so no
 * type checker is needed and resolution is the same on every machine.
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
        else imported.set(local, { kind: "foreign", module: imp.module, name });
      } else {
        imported.set(local, { kind: "foreign", module: imp.module, name });
      }
    }
  }
  return (name) => {
    if (own && own.names.has(name)) return { kind: "local", name, pkg: own.id };
    return imported.get(name);
  };
}
