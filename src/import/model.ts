import { Code, errorAt, warningAt, type Diagnostic, type SourcePos } from "../diagnostics/index.js";
import { kindDecls, readCrd, type CrdInput } from "./crd.js";
import { TypeNames } from "./names.js";
import type { ParsedDocument } from "./parse.js";
import type { Warn } from "./schema.js";
import type { ImportDecl, ImportFile, ImportPackage } from "./types.js";

/** The packages to write and what was found on the way; nothing is written when any diagnostic is an error. */
export interface ImportModel {
  readonly packages: ImportPackage[];
  readonly diagnostics: Diagnostic[];
}

// The directory names the generator reads as versions without +versionName.
const VERSION_DIR = /^v\d+((alpha|beta)\d+)?$/;

/** The position of a document path, or of its nearest ancestor that has one. */
function positionOf(doc: ParsedDocument, path: string): SourcePos {
  let p = path;
  for (;;) {
    const found = doc.positions.get(p);
    if (found) return found;
    if (p === "") return { file: doc.file, line: 1, col: 1 };
    const cut = Math.max(p.lastIndexOf("."), p.lastIndexOf("["));
    p = cut < 0 ? "" : p.slice(0, cut);
  }
}

/**
 * Model stage: CRD documents into API packages, one `<group>/<version>/` per served or listed
 * version. CRDs are taken in (group, kind) order whatever the order of files and documents, so
 * type names, and with them every byte of the output, do not depend on it.
 */
export function buildImportModel(documents: readonly ParsedDocument[]): ImportModel {
  const diagnostics: Diagnostic[] = [];
  const crds: { crd: CrdInput; doc: ParsedDocument }[] = [];
  for (const doc of documents) {
    const warn: Warn = (path, kind, message) =>
      diagnostics.push(
        warningAt(positionOf(doc, path), kind === "description" ? Code.importDescriptionChanged : Code.importUnexpressible, message),
      );
    const crd = readCrd(doc.value, warn);
    if ("message" in crd) {
      diagnostics.push(errorAt(positionOf(doc, crd.path), Code.importNotCrd, crd.message));
      continue;
    }
    const twin = crds.find((c) => c.crd.group === crd.group && c.crd.kind === crd.kind);
    if (twin) {
      const first = positionOf(twin.doc, "");
      diagnostics.push(
        errorAt(
          positionOf(doc, "spec.names.kind"),
          Code.importNotCrd,
          `kind ${crd.kind} of group ${crd.group} is defined twice (first at ${first.file}:${String(first.line)})`,
        ),
      );
      continue;
    }
    crds.push({ crd, doc });
  }
  crds.sort((a, b) => compare(a.crd.group, b.crd.group) || compare(a.crd.kind, b.crd.kind));
  const packages = new Map<string, { group: string; version: string; names: TypeNames; kinds: { kind: string; decls: ImportDecl[] }[] }>();
  for (const { crd } of crds)
    for (const v of crd.versions) {
      const key = `${crd.group}/${v.name}`;
      const pkg = packages.get(key) ?? { group: crd.group, version: v.name, names: new TypeNames(), kinds: [] };
      packages.set(key, pkg);
      for (const c of crds)
        if (c.crd.group === crd.group && c.crd.versions.some((x) => x.name === v.name)) {
          pkg.names.claim(c.crd.kind);
          pkg.names.claim(`${c.crd.kind}List`);
        }
    }
  for (const { crd, doc } of crds) {
    const warn: Warn = (path, kind, message) =>
      diagnostics.push(
        warningAt(positionOf(doc, path), kind === "description" ? Code.importDescriptionChanged : Code.importUnexpressible, message),
      );
    for (const v of crd.versions) {
      const pkg = packages.get(`${crd.group}/${v.name}`)!;
      pkg.kinds.push({ kind: crd.kind, decls: kindDecls(crd, v, pkg.names, warn) });
    }
  }
  const out: ImportPackage[] = [...packages.values()]
    .sort((a, b) => compare(a.group, b.group) || compare(a.version, b.version))
    .map((p) => {
      const dir = `${p.group}/${p.version}`;
      const usesUnknown = p.kinds.some((k) => k.decls.some(mentionsUnknown));
      const docMarkers = [
        `+groupName=${p.group}`,
        ...(VERSION_DIR.test(p.version) ? [] : [`+versionName=${p.version}`]),
        "+k8s:deepcopy-gen=package",
      ];
      if (usesUnknown) docMarkers.push("+k8s:deepcopy-gen:unknown=json");
      const files: ImportFile[] = p.kinds.map((k) => ({
        path: `${dir}/${p.kinds.length === 1 ? "types.ts" : `${k.kind.toLowerCase()}_types.ts`}`,
        decls: k.decls,
      }));
      return { dir, docMarkers, files };
    });
  return { packages: out, diagnostics };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function mentionsUnknown(d: ImportDecl): boolean {
  const walk = (t: import("./types.js").TypeExpr): boolean => {
    switch (t.kind) {
      case "primitive":
        return t.name === "unknown";
      case "array":
        return walk(t.elem);
      case "map":
        return walk(t.value);
      case "nullable":
        return walk(t.inner);
      default:
        return false;
    }
  };
  return d.kind === "alias" ? walk(d.type) : d.fields.some((f) => walk(f.type));
}
