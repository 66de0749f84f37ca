import { CodeWriter, formatTypeScript, isIdentifier, tsString } from "../emit/index.js";
import type { ImportDecl, ImportField, ImportPackage, TypeExpr } from "./types.js";

/** A file the import writes, relative to the output root. */
export interface ImportedFile {
  readonly path: string;
  readonly content: string;
}

const RUNTIME_TYPES = new Set(["int32", "int64", "IntOrString", "ListMeta", "ObjectMeta", "TypeMeta"]);

/**
 * Emit stage: each package as `doc.ts` and its types files, written with the project's CodeWriter
 * and formatted by the pinned prettier. The files are input for `kube-codegen generate`, to be
 * edited, so they carry no generated-code line (a file with it is never read as input).
 */
export async function emitPackages(packages: readonly ImportPackage[], runtimeImport: string): Promise<ImportedFile[]> {
  const out: ImportedFile[] = [];
  for (const p of packages) {
    const doc = new CodeWriter();
    for (const m of p.docMarkers) doc.line(`// ${m}`);
    doc.line("export {};");
    out.push({ path: `${p.dir}/doc.ts`, content: await formatTypeScript(doc.toString()) });
    for (const f of p.files) {
      const w = new CodeWriter();
      w.reserve(...f.decls.map((d) => d.name));
      f.decls.forEach((d, i) => {
        if (i > 0) w.line();
        decl(w, d, runtimeImport);
      });
      out.push({ path: f.path, content: await formatTypeScript(w.toString()) });
    }
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function comment(w: CodeWriter, doc: readonly string[], markers: readonly string[]): void {
  for (const l of doc) w.line(l === "" ? "//" : `// ${l}`);
  for (const m of markers) w.line(`// ${m}`);
}

function decl(w: CodeWriter, d: ImportDecl, runtime: string): void {
  comment(w, d.doc, d.markers);
  if (d.kind === "alias") {
    w.line(`export type ${d.name} = ${typeText(w, d.type, runtime)};`);
    return;
  }
  const ext = d.extendsTypeMeta ? ` extends ${w.import(runtime, "TypeMeta", true)}` : "";
  if (d.fields.length === 0) {
    // An object schema with no properties: an interface with no members, as Go's empty struct.
    w.line(`export interface ${d.name}${ext} {}`);
    return;
  }
  w.block(`export interface ${d.name}${ext} {`, () => {
    for (const f of d.fields) field(w, f, runtime);
  });
}

function field(w: CodeWriter, f: ImportField, runtime: string): void {
  comment(w, f.doc, f.markers);
  const key = isIdentifier(f.name) ? f.name : tsString(f.name);
  w.line(`${key}${f.optional ? "?" : ""}: ${typeText(w, f.type, runtime)};`);
}

function typeText(w: CodeWriter, t: TypeExpr, runtime: string): string {
  switch (t.kind) {
    case "primitive":
      return t.name;
    case "runtime":
      return w.import(runtime, t.name, true);
    case "named":
      return RUNTIME_TYPES.has(t.name) ? w.import(runtime, t.name, true) : t.name;
    case "array": {
      const elem = typeText(w, t.elem, runtime);
      return t.elem.kind === "nullable" ? `(${elem})[]` : `${elem}[]`;
    }
    case "map":
      return `Record<string, ${typeText(w, t.value, runtime)}>`;
    case "nullable":
      return `${typeText(w, t.inner, runtime)} | null`;
  }
}
