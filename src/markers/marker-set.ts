import type { Marker } from "./types.js";

/** Read-only view of the markers on one target, keyed by definition name; keeps source order. */
export class MarkerSet {
  private readonly byName = new Map<string, Marker[]>();

  constructor(private readonly markers: readonly Marker[] = []) {
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
  value<T>(name: string): T | undefined {
    return this.get(name)?.value as T | undefined;
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
}
