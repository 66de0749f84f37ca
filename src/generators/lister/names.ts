// The names and places of the lister generator's output, client-go's lister-gen adapted to
// TypeScript: `<output>/listers/<group>/<version>/<kind>.ts`, `FooLister`, `newFooLister`.
import { posix } from "node:path";
import type { Options } from "../../config/index.js";
import type { KindModel, PackageModel } from "../../model/index.js";
import { toPosix } from "../paths.js";

/** `<output>/listers`, where every file of the lister generator goes. */
export function listersRoot(options: Options): string {
  return posix.join(toPosix(options.output), "listers");
}

/** `<output>/listers/<group>/<version>`: a package's listers, beside the clientset's layout. */
export function listerDir(options: Options, pkg: PackageModel): string {
  return posix.join(listersRoot(options), pkg.dir);
}

/** `FooLister`: the type of a kind's typed lister. */
export function kindListerName(k: KindModel): string {
  return `${k.name}Lister`;
}

/** `newFooLister`: what makes a kind's typed lister over an indexer. */
export function newListerName(k: KindModel): string {
  return `new${k.name}Lister`;
}

/**
 * The kinds of a package that get a lister: `+genclient` kinds with the list verb (what fills a
 * cache). client-go's lister-gen also asks for get; a lister's get reads the cache, not the server,
 * so the verb is not needed here.
 */
export function listerKinds(pkg: PackageModel): KindModel[] {
  return pkg.kinds.filter((k) => k.client?.verbs.includes("list") === true);
}
