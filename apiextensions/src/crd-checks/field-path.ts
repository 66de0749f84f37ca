// Field paths written the way apimachinery's field.Path prints them: "spec.names.plural",
// "spec.versions[0].schema", "properties[spec]". Immutable so a path can be shared by siblings.

/** A field path that prints exactly like apimachinery's `field.Path.String()`. */
export class FieldPath {
  private constructor(private readonly text: string) {}

  /** A root path, e.g. `FieldPath.root("spec")`; several names are joined with dots. */
  static root(...names: string[]): FieldPath {
    return new FieldPath(names.join("."));
  }

  /** `a.b` — one or more named children. */
  child(...names: string[]): FieldPath {
    let t = this.text;
    for (const n of names) t = t === "" ? n : `${t}.${n}`;
    return new FieldPath(t);
  }

  /** `a[3]` — a list element. */
  index(i: number): FieldPath {
    return new FieldPath(`${this.text}[${i}]`);
  }

  /** `a[key]` — a map entry; the key is written bare, as the server does. */
  key(k: string): FieldPath {
    return new FieldPath(`${this.text}[${k}]`);
  }

  /** The printed path. */
  toString(): string {
    return this.text;
  }
}
