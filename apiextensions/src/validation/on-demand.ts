// A module loaded on demand behind a synchronous API: CEL (@bufbuild/cel, and through it
// @bufbuild/protobuf) and RE2 cost more to import than the rest of this package, and most CRDs have
// no x-kubernetes-validations, many no pattern. The public entries (validation/index.ts,
// crd-checks/index.ts) install the modules as they are imported, so their callers see no difference;
// the test server's entry (on-demand/index.ts) leaves them out and awaits load() before checking or
// compiling a schema that needs them. get() throws when a caller forgot to: an internal error, never
// a silent pass.
export interface OnDemand<T> {
  /** Imports the module once; concurrent callers share the one import. */
  load(): Promise<T>;
  /** Sets the module a public entry imported statically. */
  install(module: T): void;
  loaded(): boolean;
  /** The module; throws when it was neither installed nor loaded. */
  get(): T;
}

export function onDemand<T>(what: string, importer: () => Promise<T>): OnDemand<T> {
  let module: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load: () => (loading ??= importer().then((m) => (module ??= m))),
    install: (m) => void (module ??= m),
    loaded: () => module !== undefined,
    get() {
      if (module === undefined) throw new Error(`internal: ${what} was used before it was loaded (await prepareFor() first)`);
      return module;
    },
  };
}
