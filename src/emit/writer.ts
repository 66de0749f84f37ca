import { isIdentifier } from "./literal.js";

/**
 * The one way generators build TypeScript text: lines with indentation, and an import table
 * that is printed sorted so that output never depends on the order generators asked for names.
 */
export class CodeWriter {
  private readonly lines: string[] = [];
  private depth = 0;
  private readonly imports = new Map<string, { types: Set<string>; values: Set<string> }>();
  private readonly namespaces = new Map<string, string>();
  private readonly typeNamespaces = new Set<string>();
  private readonly reserved = new Set<string>();

  /** Adds one line (or several, split on newlines) at the current indentation. */
  line(text = ""): this {
    for (const l of text.split("\n")) this.lines.push(l === "" ? "" : "  ".repeat(this.depth) + l);
    return this;
  }

  /** Writes `open`, runs `body` one level deeper, then writes `close`. */
  block(open: string, body: () => void, close = "}"): this {
    this.line(open);
    this.depth++;
    body();
    this.depth--;
    return this.line(close);
  }

  /** Records `import { name } from module` (type-only when `typeOnly`). */
  import(module: string, name: string, typeOnly = false): string {
    if (!isIdentifier(name)) throw new Error(`not an identifier: ${name}`);
    const entry = this.imports.get(module) ?? { types: new Set<string>(), values: new Set<string>() };
    (typeOnly ? entry.types : entry.values).add(name);
    this.imports.set(module, entry);
    return name;
  }

  /**
   * Records `import * as <alias> from module` and returns the alias: `preferred` unless another
   * module, a named import or a reserved local name already uses it, then `preferred_2`, ... A
   * namespace keeps another module's names (`deepCopySpec`) from clashing with local ones.
   * `typeOnly` writes `import type * as`, unless a value use of the same module asks otherwise.
   */
  importNamespace(module: string, preferred: string, typeOnly = false): string {
    const known = this.namespaces.get(module);
    if (known !== undefined) {
      if (!typeOnly) this.typeNamespaces.delete(module);
      return known;
    }
    if (!isIdentifier(preferred)) throw new Error(`not an identifier: ${preferred}`);
    const taken = (n: string) =>
      this.reserved.has(n) ||
      [...this.namespaces.values()].includes(n) ||
      [...this.imports.values()].some((e) => e.types.has(n) || e.values.has(n));
    let alias = preferred;
    for (let i = 2; taken(alias); i++) alias = `${preferred}_${i}`;
    this.namespaces.set(module, alias);
    if (typeOnly) this.typeNamespaces.add(module);
    return alias;
  }

  /** Marks names the file declares itself, so namespace aliases avoid them. */
  reserve(...names: string[]): this {
    for (const n of names) this.reserved.add(n);
    return this;
  }

  /** The text: sorted imports, a blank line, then the body. */
  toString(): string {
    const head: string[] = [];
    for (const mod of [...this.namespaces.keys()].sort())
      head.push(`import ${this.typeNamespaces.has(mod) ? "type " : ""}* as ${this.namespaces.get(mod)!} from ${JSON.stringify(mod)};`);
    for (const mod of [...this.imports.keys()].sort()) {
      const { types, values } = this.imports.get(mod)!;
      const onlyTypes = [...types].filter((t) => !values.has(t)).sort();
      const vals = [...values].sort();
      if (vals.length > 0) head.push(`import { ${vals.join(", ")} } from ${JSON.stringify(mod)};`);
      if (onlyTypes.length > 0) head.push(`import type { ${onlyTypes.join(", ")} } from ${JSON.stringify(mod)};`);
    }
    return `${head.join("\n")}${head.length ? "\n\n" : ""}${this.lines.join("\n")}\n`;
  }
}
