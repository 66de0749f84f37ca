import { posix } from "node:path";
import type { Options } from "../config/index.js";
import type { PackageModel, TypeModel } from "../model/index.js";
import type { GeneratorContext } from "./types.js";

/** The package directory relative to the working directory, where deepcopy and register files go. */
export function packageDir(options: Options, pkg: PackageModel): string {
  return posix.join(toPosix(options.input), pkg.dir);
}

/** The module specifier of a `.ts` file from its own directory: `types.ts` → `./types.js`, as NodeNext resolution wants. */
export function siblingModule(file: string): string {
  return `./${posix.basename(file).replace(/\.ts$/, ".js")}`;
}

/** The module specifier, relative to the package directory, of the file that declares `t` (`./types.js`). */
export function declaringModule(t: TypeModel): string {
  return siblingModule(t.file);
}

/** The module specifier of the `.ts` file `file` in `toDir`, from `fromDir` (two package or output directories). */
export function relativeModule(fromDir: string, toDir: string, file: string): string {
  const spec = posix.join(posix.relative(fromDir, toDir), file.replace(/\.ts$/, ".js"));
  return spec.startsWith(".") ? spec : `./${spec}`;
}

/** Backslashes to slashes, so paths are the same on every machine. */
export function toPosix(p: string): string {
  return p.replace(/\\/g, "/");
}

/** The module specifier of an input package file, from a kind file's directory. */
export function inputModule(ctx: GeneratorContext, pkg: PackageModel, fromDir: string): (pkgModule: string) => string {
  return (pkgModule) => {
    const spec = posix.join(posix.relative(fromDir, packageDir(ctx.options, pkg)), pkgModule);
    return spec.startsWith(".") ? spec : `./${spec}`;
  };
}
