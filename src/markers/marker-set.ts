import type { Marker } from "./types.js";

/** Read-only view of the markers on one target, keyed by definition name; keeps source order. */
export class MarkerSet {
  private readonly byName = new Map<string, Marker[]>();

  /**
   * `refused`: names of declared markers that were written here but rejected (reported already),
   * so later stages can tell "not written" from "written wrong" and not report the same mistake twice.
   */
  constructor(
    private readonly markers: readonly Marker[] = [],
    private readonly refused: readonly string[] = [],
  ) {
    for (const m of markers) {
      const list = this.byName.get(m.name);
      if (list) list.push(m);
      else this.byName.set(m.name, [m]);
    }
  }

  /** The first marker with this name. */
  get(name: string): Marker | undefined {
    return this.byName.get(name)?.[0];
  }

  /** Every marker with this name, in source order (for repeatable markers). */
  all(name: string): Marker[] {
    return [...(this.byName.get(name) ?? [])];
  }

  /** True when a marker with this name is present. */
  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The first marker's parsed value; the caller names the type the definition's payload gives. */
  // T is the caller's statement of the payload type (the definition's payload decides it at run
  // time), so it appears once on purpose.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  value<T>(name: string): T | undefined {
    return this.get(name)?.value as T | undefined;
  }

  /** True when a marker with this name was written here but refused with an error. */
  wasRefused(name: string): boolean {
    return this.refused.includes(name);
  }

  /** Names of the refused markers, for merging sets. */
  refusedNames(): readonly string[] {
    return this.refused;
  }

  /** Every marker, in source order. */
  list(): readonly Marker[] {
    return this.markers;
  }

  /** The first of several names present (e.g. `+kubebuilder:validation:Optional` before `+optional`). */
  first(...names: string[]): Marker | undefined {
    for (const n of names) {
      const m = this.get(n);
      if (m) return m;
    }
    return undefined;
  }

  /** Number of markers. */
  get size(): number {
    return this.markers.length;
  }

  /**
   * The set as plain data, for JSON.stringify (the model's fingerprint, src/incremental): each
   * marker by its name, text, value and position; its definition is the tool's and is left out.
   */
  toJSON(): unknown {
    return { markers: this.markers.map((m) => ({ name: m.name, raw: m.raw, value: m.value, pos: m.pos })), refused: this.refused };
  }
}
