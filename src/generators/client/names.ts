// The names a clientset is made of, client-go's adapted to TypeScript camelCase: files per kind,
// the typed client and group-version classes, and the accessors that reach them.
import { posix } from "node:path";
import { isIdentifier } from "../../emit/index.js";
import { lowerFirst, pluralize, type KindModel, type PackageModel } from "../../model/index.js";
import type { Options } from "../../config/index.js";
import { toPosix } from "../paths.js";

/** `<output>/clientset`, where every file of the client generator goes. */
export function clientsetRoot(options: Options): string {
  return posix.join(toPosix(options.output), "clientset");
}

/** `<output>/clientset/<group>/<version>`: a package's group-version client and its kinds' clients. */
export function groupVersionDir(options: Options, pkg: PackageModel): string {
  return posix.join(clientsetRoot(options), pkg.dir);
}

/** The file of a kind's typed client, by its lower-cased name as client-go names it (`helmrelease.ts`). */
export function kindFileName(k: KindModel): string {
  return `${k.name.toLowerCase()}.ts`;
}

/** `FooClient`: the type of a kind's typed client. */
export function kindClientName(k: KindModel): string {
  return `${k.name}Client`;
}

/** `fooVerbs`: the verbs the kind's markers allow, as data. */
export function verbsConstName(k: KindModel): string {
  return `${lowerFirst(k.name)}Verbs`;
}

/** `newFooClient`: what makes a kind's typed client. */
export function kindFactoryName(k: KindModel): string {
  return `new${k.name}Client`;
}

/** `FooApplyConfiguration`: the type a kind's apply and applyStatus take. */
export function applyConfigTypeName(k: KindModel): string {
  return `${k.name}ApplyConfiguration`;
}

/** `fooApplyConfiguration`: what makes a kind's least apply configuration (apiVersion, kind, name). */
export function applyConfigFactoryName(k: KindModel): string {
  return `${lowerFirst(k.name)}ApplyConfiguration`;
}

/** `fooResource`: the kind's ResourceDescription. */
export function resourceConstName(k: KindModel): string {
  return `${lowerFirst(k.name)}Resource`;
}

/** The group-version accessor on a Clientset: `samplecontrollerV1alpha1`. */
export function groupVersionAccessor(pkg: PackageModel): string {
  return groupVersionAccessorOf(pkg.groupGoName, pkg.id.version);
}

/** groupVersionAccessor from the group's Go name and the version (the scaffolder's test calls it before any model exists). */
export function groupVersionAccessorOf(groupGoName: string, version: string): string {
  return lowerFirst(groupGoName) + upperFirst(version);
}

/** The group-version client class: `SamplecontrollerV1alpha1Client`. */
export function groupVersionClientName(pkg: PackageModel): string {
  return `${upperFirst(pkg.groupGoName)}${upperFirst(pkg.id.version)}Client`;
}

/**
 * The kind accessor on a group-version client, client-go's plural of the kind name camel-cased:
 * `foos`, `helmReleases`. The kind's own capitals are kept where the plural keeps its letters.
 */
export function kindAccessor(k: KindModel): string {
  return kindAccessorOf(k.name);
}

/** kindAccessor from the kind's name alone. */
export function kindAccessorOf(kind: string): string {
  const plural = pluralize(kind);
  let i = 0;
  while (i < kind.length && i < plural.length && kind[i]!.toLowerCase() === plural[i]) i++;
  return lowerFirst(kind.slice(0, i) + plural.slice(i));
}

/** True when every generated name of a package is a plain identifier (groupGoName and version come from markers). */
export function validNames(pkg: PackageModel): boolean {
  return isIdentifier(groupVersionAccessor(pkg)) && isIdentifier(groupVersionClientName(pkg));
}

export function upperFirst(s: string): string {
  return s.length === 0 ? s : s[0]!.toUpperCase() + s.slice(1);
}
