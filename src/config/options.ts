/** Names of the generators, in the order they run and print. */
export const generatorNames = ["deepcopy", "register", "conversion", "crd", "client", "lister", "informer", "rbac", "webhook"] as const;
/** A generator's name. */
export type GeneratorName = (typeof generatorNames)[number];

/**
 * Generators whose output imports another's: the informers import the clientset's typed clients and
 * the listers (as informer-gen needs client-gen's and lister-gen's packages), so selecting informer
 * selects those too rather than writing imports of files that do not exist.
 */
export const generatorRequires: Readonly<Partial<Record<GeneratorName, readonly GeneratorName[]>>> = {
  informer: ["client", "lister"],
};

/** `allOf`: both bounds kept, as controller-gen writes them; `field`: the field's alone. */
export type BoundsMerge = "allOf" | "field";

/** The controller-gen layouts `crdCompat` chooses between. */
export type CrdCompat = "current" | "v0.13";

/** Everything a run needs, resolved from defaults, the config file and flags (flags win). */
export interface Options {
  /** Working directory all relative paths are resolved against. */
  readonly cwd: string;
  readonly input: string;
  readonly output: string;
  readonly crdOutput: string;
  /** Controller sources (files or directories, relative to cwd) the rbac and webhook generators read; empty for none. */
  readonly controllers: readonly string[];
  readonly rbacOutput: string;
  /** The default name of the generated ClusterRole and Roles (controller-gen's `rbac:roleName`). */
  readonly roleName: string;
  readonly webhookOutput: string;
  readonly generators: readonly GeneratorName[];
  /** Path of the header file, or undefined for none. */
  readonly header?: string;
  /** The header file's text (read once, so generators stay pure). */
  readonly headerText: string;
  /** controller-gen's maxDescLen: 0 drops descriptions, undefined keeps them whole. */
  readonly maxDescLen?: number;
  /** Whose CRD description layout to follow: today's controller-gen's, or v0.13's. */
  readonly crdCompat: CrdCompat;
  /** How a field's bound meets its named type's on the same keyword. */
  readonly boundsMerge: BoundsMerge;
  /** Module specifier generated code imports the runtime from. */
  readonly runtimeImport: string;
  /** The kube-apiserver minor versions (1.x) the offline CRD checks model, sorted. */
  readonly serverMinors: readonly number[];
  /** Where `generate` keeps its cache (relative to cwd); absent with `--no-cache`. `verify` never reads it. */
  readonly cacheDir?: string;
}
