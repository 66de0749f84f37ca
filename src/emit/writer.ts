import { isIdentifier } from "./literal.js";

/**
 * The one way generators build TypeScript text: lines with indentation, and an import table
 * that is printed sorted so that output never depends on the order generators asked for names.
 */
export class CodeWriter {
  private readonly lines: string[] = [];
  private depth = 0;
  private readonly imports = new Map<string, { types: Set<string>; values: Set<string> }>();

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

  /** The text: sorted imports, a blank line, then the body. */
  toString(): string {
    const head: string[] = [];
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
