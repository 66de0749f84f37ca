// The names and places of the informer generator's output, client-go's informer-gen adapted to
// TypeScript: `<output>/informers/factory.ts` (the factory and one class per API group),
// `<output>/informers/<group>/<version>/` (a class per group/version and a file per kind).
import { posix } from "node:path";
import type { Options } from "../../config/index.js";
import { lowerFirst, type KindModel, type PackageModel } from "../../model/index.js";
import { upperFirst } from "../client/names.js";
import { toPosix } from "../paths.js";

/** `<output>/informers`, where every file of the informer generator goes. */
export function informersRoot(options: Options): string {
  return posix.join(toPosix(options.output), "informers");
}

/** `<output>/informers/<group>/<version>`: a package's informers. */
export function informerDir(options: Options, pkg: PackageModel): string {
  return posix.join(informersRoot(options), pkg.dir);
}

/** `FooInformer`: a kind's shared informer with its typed lister. */
export function kindInformerName(k: KindModel): string {
  return `${k.name}Informer`;
}

/** `newFooInformer`: what takes a kind's informer from a factory. */
export function newInformerName(k: KindModel): string {
  return `new${k.name}Informer`;
}

/** The group accessor on the factory, from `+groupGoName=` as the clientset's: `samplecontroller`. */
export function groupAccessor(pkg: PackageModel): string {
  return lowerFirst(pkg.groupGoName);
}

/** The class of a group's informers: `SamplecontrollerInformers`. */
export function groupInformersName(pkg: PackageModel): string {
  return `${upperFirst(pkg.groupGoName)}Informers`;
}

/** The class of a group/version's informers: `SamplecontrollerV1alpha1Informers`. */
export function groupVersionInformersName(pkg: PackageModel): string {
  return `${upperFirst(pkg.groupGoName)}${upperFirst(pkg.id.version)}Informers`;
}

/** Kinds with informers: those with the list and watch verbs, as informer-gen. */
export function informerKinds(kinds: readonly KindModel[]): KindModel[] {
  return kinds.filter((k) => k.client?.verbs.includes("list") === true && k.client.verbs.includes("watch"));
}
