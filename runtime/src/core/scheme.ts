// The scheme: what the runtime knows about each registered kind, filled in by the generated
// zz_generated.register.ts files (like client-go's runtime.Scheme, without reflection).

/** A group and version, e.g. { group: "samplecontroller.k8s.io", version: "v1alpha1" }. */
export interface GroupVersion {
  readonly group: string;
  readonly version: string;
}

/** A scale subresource's paths. */
export interface ScaleInfo {
  readonly specReplicasPath: string;
  readonly statusReplicasPath: string;
  readonly labelSelectorPath?: string;
}

/** How a kind is served: its names, scope and subresources. */
export interface ResourceInfo extends GroupVersion {
  readonly kind: string;
  readonly listKind: string;
  readonly plural: string;
  readonly singular: string;
  readonly namespaced: boolean;
  readonly subresources: { readonly status: boolean; readonly scale?: ScaleInfo };
  readonly shortNames: readonly string[];
  readonly categories: readonly string[];
}

/**
 * A registered kind whose type is not known statically: what a Scheme holds and returns. Every
 * `KindRegistration<T, L>` is one, without a cast, because `(obj: never) => unknown` is the type
 * every copy function has; so generated code lists its kinds as `AnyKindRegistration[]` and needs
 * no `any`. The copies are not callable through this type: use `Scheme.deepCopy`, which picks
 * them by the object's apiVersion and kind.
 */
export interface AnyKindRegistration extends ResourceInfo {
  readonly deepCopy?: (obj: never) => unknown;
  readonly deepCopyList?: (list: never) => unknown;
}

/** A registered kind: its resource info and, when deep copies were generated, how to copy it (T) and its list (L). */
export interface KindRegistration<T, L> extends AnyKindRegistration {
  readonly deepCopy?: (obj: T) => T;
  readonly deepCopyList?: (list: L) => L;
}

/** The apiVersion string of a group/version ("v1" for the core group). */
export function apiVersionOf(gv: GroupVersion): string {
  return gv.group === "" ? gv.version : `${gv.group}/${gv.version}`;
}

/** A registry of kinds by apiVersion and kind, and by resource. */
export class Scheme {
  private readonly byKind = new Map<string, { reg: AnyKindRegistration; list: boolean }>();
  private readonly byResource = new Map<string, AnyKindRegistration>();

  /** Registers kinds; registering the same kind twice replaces it. */
  addKnownTypes(regs: readonly AnyKindRegistration[]): this {
    for (const reg of regs) {
      const av = apiVersionOf(reg);
      this.byKind.set(`${av}\u0000${reg.kind}`, { reg, list: false });
      this.byKind.set(`${av}\u0000${reg.listKind}`, { reg, list: true });
      this.byResource.set(`${reg.group}\u0000${reg.version}\u0000${reg.plural}`, reg);
    }
    return this;
  }

  /** The registration of a kind (or of the kind whose list `kind` is). */
  lookup(apiVersion: string, kind: string): AnyKindRegistration | undefined {
    return this.byKind.get(`${apiVersion}\u0000${kind}`)?.reg;
  }

  /** The registration serving a group/version/resource. */
  forResource(group: string, version: string, plural: string): AnyKindRegistration | undefined {
    return this.byResource.get(`${group}\u0000${version}\u0000${plural}`);
  }

  /** Every registered kind, sorted by apiVersion and kind. */
  kinds(): AnyKindRegistration[] {
    const seen = new Set<AnyKindRegistration>();
    for (const { reg } of this.byKind.values()) seen.add(reg);
    return [...seen].sort((a, b) => (apiVersionOf(a) + a.kind < apiVersionOf(b) + b.kind ? -1 : 1));
  }

  /**
   * Deep-copies a registered object (or list) by its apiVersion and kind with the generated
   * copy function. Throws when the kind is not registered or was generated without copies.
   */
  deepCopy<T extends { apiVersion?: string; kind?: string }>(obj: T): T {
    const entry = this.byKind.get(`${obj.apiVersion ?? ""}\u0000${obj.kind ?? ""}`);
    if (!entry) throw new Error(`scheme: no kind ${obj.kind ?? "(none)"} registered for apiVersion ${obj.apiVersion ?? "(none)"}`);
    const copy = entry.list ? entry.reg.deepCopyList : entry.reg.deepCopy;
    if (!copy)
      throw new Error(
        `scheme: ${obj.kind} of ${obj.apiVersion} was registered without a deep copy: its package needs +k8s:deepcopy-gen=package (or +kubebuilder:object:generate=true) in doc.ts, and the deepcopy generator must run`,
      );
    // The entry is the one registered under obj's own apiVersion and kind, so its copy function
    // takes and returns obj's type: the one place the scheme narrows a registration back.
    return (copy as (o: T) => T)(obj);
  }
}
