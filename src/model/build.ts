import { Code, errorAt, type Diagnostic, type SourcePos } from "../diagnostics/index.js";
import type { DeclSyntax, LoadedFile, LoadedInput, LoadedPackage, PropSyntax } from "../load/index.js";
import {
  commentLinesAbove,
  leadingCommentLines,
  MarkerSet,
  parseMarkers,
  type CommentLine,
  type MarkerRegistry,
  type MarkerTarget,
} from "../markers/index.js";
import { checkModel } from "./checks.js";
import { classifyModel } from "./classify-model.js";
import { groupGoNameOf, versionPattern } from "./naming.js";
import { isRequired } from "./requiredness.js";
import { resolveType } from "./resolve-type.js";
import { fileScope, type PackageIndex } from "./scope.js";
import type {
  ApiModel,
  FieldModel,
  HandwrittenFunction,
  KindModel,
  PackageId,
  PackageModel,
  TypeModel,
  TypeRef,
  TypeShape,
} from "./types.js";

/** Builds the model from loaded syntax: markers parsed, types resolved, kinds named, everything sorted. */
export function buildModel(input: LoadedInput, registry: MarkerRegistry): { model: ApiModel; diagnostics: Diagnostic[] } {
  const diags: Diagnostic[] = [];
  const heads = input.packages.map((p) => packageHead(p, registry, diags));
  const seen = new Map<string, string>();
  input.packages.forEach((p, i) => {
    const id = heads[i]?.id;
    if (!id) return;
    const key = `${id.group}/${id.version}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, p.dir);
    else {
      diags.push(
        errorAt(
          { file: p.docFile?.display ?? p.dir, line: 1, col: 1 },
          Code.duplicateGroupVersion,
          `packages ${first} and ${p.dir} both declare ${key}`,
          "each group/version lives in one directory; merge them or change +groupName / +versionName",
        ),
      );
      heads[i] = { markers: heads[i]!.markers };
    }
  });
  const index = indexPackages(input.packages, heads, diags);
  const packages: PackageModel[] = [];
  input.packages.forEach((p, i) => {
    const head = heads[i]!;
    if (head.id) packages.push(buildPackage(p, head.id, head.markers, index, registry, diags));
  });
  packages.sort((a, b) => cmp(a.id.group, b.id.group) || cmp(a.id.version, b.id.version));
  const model = classifyModel({ inputRoot: input.inputRoot, packages }, diags);
  diags.push(...checkModel(model));
  return { model, diagnostics: diags };
}

interface PackageHead {
  readonly id?: PackageId;
  readonly markers: MarkerSet;
}

/** Reads doc.ts: the group from `+groupName`, the version from `+versionName` or the directory. */
function packageHead(p: LoadedPackage, registry: MarkerRegistry, diags: Diagnostic[]): PackageHead {
  const first = p.files[0]!;
  const at: SourcePos = { file: p.docFile?.display ?? first.display, line: 1, col: 1 };
  if (!p.docFile) {
    // Kubebuilder projects keep the package markers in groupversion_info.go; point a port of one at doc.ts.
    const holder = p.files.find((f) => leadingCommentLines(f.text, f.display).some((l) => l.text.trim().startsWith("+groupName")));
    const hint = holder
      ? `move the package markers of ${holder.rel.slice(p.dir.length + 1)} (+groupName ...) into ${p.dir}/doc.ts: package markers are read from doc.ts only`
      : "add doc.ts with the package markers, e.g. `// +groupName=example.com`";
    diags.push(errorAt(holder ? { file: holder.display, line: 1, col: 1 } : at, Code.missingDocTs, `package ${p.dir} has no doc.ts`, hint));
    return { markers: new MarkerSet([]) };
  }
  const markers = collect(leadingCommentLines(p.docFile.text, p.docFile.display), "package", registry, diags).markers;
  const group = markers.value<string>("groupName");
  const versionName = markers.value<string>("versionName");
  let ok = true;
  if (group === "") {
    diags.push(
      errorAt(
        markers.get("groupName")!.pos,
        Code.missingGroupName,
        `package ${p.dir} is in the core group (+groupName= is empty), which custom resources cannot use`,
        "kube-codegen generates custom resources: give the package a group of your own with a dot, e.g. `// +groupName=samplecontroller.k8s.io`; core types such as Pod come from @kubernetes/client-node",
      ),
    );
    ok = false;
  } else if (group === undefined) {
    // A +groupName line whose value was refused is already reported at the marker; saying it is
    // missing as well would be a second error for one mistake.
    if (!markers.wasRefused("groupName")) {
      diags.push(
        errorAt(
          at,
          Code.missingGroupName,
          `package ${p.dir} has no +groupName marker`,
          "add `// +groupName=<group>` to the leading comment of doc.ts, e.g. `// +groupName=samplecontroller.k8s.io`",
        ),
      );
    }
    ok = false;
  }
  if (!versionName && markers.wasRefused("versionName")) {
    ok = false; // the refused +versionName is reported at the marker; the directory name was not meant
  } else if (!versionName && !versionPattern.test(p.versionDir)) {
    diags.push(
      errorAt(
        at,
        Code.badVersionDirectory,
        `version directory "${p.versionDir}" is not a Kubernetes version`,
        "name it like v1, v1beta1 or v2alpha3, or set `// +versionName=<version>` in doc.ts",
      ),
    );
    ok = false;
  }
  return ok ? { id: { group: group!, version: versionName ?? p.versionDir }, markers } : { markers };
}

function indexPackages(pkgs: readonly LoadedPackage[], heads: readonly PackageHead[], diags: Diagnostic[]): PackageIndex {
  const byDir = new Map<string, { id: PackageId; names: Set<string>; privateNames: Set<string>; incomplete: boolean }>();
  pkgs.forEach((p, i) => {
    const id = heads[i]?.id;
    if (!id) return;
    const names = new Set<string>();
    const privateNames = new Set<string>();
    const first = new Map<string, DeclSyntax>();
    for (const f of p.files) {
      for (const d of f.decls) {
        if (d.kind === "variable" || d.kind === "function") continue;
        // Unexported types are private helpers (of hand-written copies, say), not API types:
        // like deepcopy-gen skipping private Go names, they are left out of the model.
        if (!d.exported) {
          privateNames.add(d.name);
          continue;
        }
        const prev = first.get(d.name);
        if (prev) {
          diags.push(
            errorAt(
              d.pos,
              Code.duplicateType,
              `type ${d.name} is declared twice in ${p.dir} (first at ${prev.pos.file}:${prev.pos.line}:${prev.pos.col})`,
              "rename or remove one declaration",
            ),
          );
          continue;
        }
        first.set(d.name, d);
        names.add(d.name);
      }
    }
    byDir.set(p.dir, { id, names, privateNames, incomplete: p.files.some((f) => f.unparsed === true) });
  });
  return { byDir };
}

function buildPackage(
  p: LoadedPackage,
  id: PackageId,
  markers: MarkerSet,
  index: PackageIndex,
  registry: MarkerRegistry,
  diags: Diagnostic[],
): PackageModel {
  const types: TypeModel[] = [];
  const handwritten: HandwrittenFunction[] = [];
  const seen = new Set<string>();
  for (const f of p.files) {
    const scope = fileScope(f, p.dir, index);
    for (const d of f.decls) {
      if (d.kind === "function") {
        handwritten.push({ name: d.name, file: f.rel, pos: d.pos, exported: d.exported, params: d.params ?? [], returns: d.returns ?? "" });
        continue;
      }
      if (d.kind === "variable" || !d.exported || seen.has(d.name)) continue;
      seen.add(d.name);
      const t = buildType(f, d, id, markers, scope, registry, diags);
      if (t) types.push(t);
    }
  }
  types.sort((a, b) => cmp(a.name, b.name));
  const kinds: KindModel[] = []; // decided by classifyModel once every package is built
  handwritten.sort((a, b) => cmp(a.name, b.name));
  return {
    id,
    dir: p.dir,
    groupPackage: p.groupDir,
    groupGoName: markers.value<string>("groupGoName") ?? groupGoNameOf(id.group),
    markers,
    docFile: p.docFile?.rel ?? "",
    types,
    kinds,
    handwritten,
  };
}

function buildType(
  f: LoadedFile,
  d: DeclSyntax,
  pkg: PackageId,
  pkgMarkers: MarkerSet,
  scope: ReturnType<typeof fileScope>,
  registry: MarkerRegistry,
  diags: Diagnostic[],
): TypeModel | undefined {
  const { near, far } = commentLinesAbove(f.text, d.offset, f.display);
  const nearParsed = collect(near, "type", registry, diags);
  const farParsed = collect(far, "type", registry, diags);
  const markers = new MarkerSet(
    [...farParsed.markers.list(), ...nearParsed.markers.list()],
    [...farParsed.markers.refusedNames(), ...nearParsed.markers.refusedNames()],
  );
  if (d.kind === "class") {
    diags.push(
      errorAt(
        d.pos,
        Code.unsupportedType,
        `class ${d.name} is not supported in API types`,
        "declare an interface: API types are plain data",
      ),
    );
    return undefined;
  }
  if (d.typeParams > 0) {
    diags.push(
      errorAt(
        d.pos,
        Code.genericType,
        `generic type ${d.name} is not supported in API types`,
        "declare a concrete named type for each use",
      ),
    );
    return undefined;
  }
  const shape = shapeOf(f, d, pkgMarkers, scope, registry, diags);
  if (!shape) return undefined;
  const base = { name: d.name, pkg, doc: nearParsed.description, markers, shape, file: f.rel, pos: d.pos };
  return { ...base, isKind: false, isList: false };
}

function shapeOf(
  f: LoadedFile,
  d: DeclSyntax,
  pkgMarkers: MarkerSet,
  scope: ReturnType<typeof fileScope>,
  registry: MarkerRegistry,
  diags: Diagnostic[],
): TypeShape | undefined {
  if (d.kind === "enum") {
    const values = (d.enumMembers ?? []).map((m) => m.value);
    if (
      values.some((v) => v === undefined) ||
      !(values.every((v) => typeof v === "string") || values.every((v) => typeof v === "number"))
    ) {
      diags.push(
        errorAt(
          d.pos,
          Code.enumWithoutValues,
          `enum ${d.name} must give every member a string value (or every member a number)`,
          'write members as `Small = "small"`',
        ),
      );
      return undefined;
    }
    const base = typeof values[0] === "number" ? "number" : "string";
    return { kind: "alias", target: { kind: "literal", base, values: values } };
  }
  if (d.aliasOf) {
    const target = resolveType(d.aliasOf, scope, diags);
    return target && { kind: "alias", target };
  }
  if (d.index) {
    if (d.members.length > 0) {
      diags.push(
        errorAt(
          d.pos,
          Code.inlineObjectType,
          `${d.name} mixes properties with an index signature`,
          "use either named properties or Record<string, T>",
        ),
      );
      return undefined;
    }
    const value = resolveType(d.index, scope, diags);
    return value && { kind: "alias", target: { kind: "map", value } };
  }
  const embeds: TypeRef[] = [];
  let incomplete = false;
  for (const e of d.extends) {
    const r = resolveType(e, scope, diags);
    if (r) embeds.push(r);
    else incomplete = true;
  }
  const fields: FieldModel[] = [];
  for (const m of d.members) {
    const field = fieldOf(f, m, pkgMarkers, scope, registry, diags);
    if (field) fields.push(field);
    else incomplete = true;
  }
  return { kind: "struct", fields, embeds, ...(incomplete ? { incomplete: true as const } : {}) };
}

function fieldOf(
  f: LoadedFile,
  m: PropSyntax,
  pkgMarkers: MarkerSet,
  scope: ReturnType<typeof fileScope>,
  registry: MarkerRegistry,
  diags: Diagnostic[],
): FieldModel | undefined {
  const { near } = commentLinesAbove(f.text, m.offset, f.display);
  const parsed = collect(near, "field", registry, diags);
  const type = resolveType(m.type, scope, diags);
  if (!type) return undefined;
  return {
    name: m.name,
    type,
    optional: m.optional,
    required: isRequired(parsed.markers, pkgMarkers, m.optional),
    doc: parsed.description,
    markers: parsed.markers,
    pos: m.pos,
  };
}

function collect(
  lines: readonly CommentLine[],
  target: MarkerTarget,
  registry: MarkerRegistry,
  diags: Diagnostic[],
): { markers: MarkerSet; description: string } {
  const r = parseMarkers(lines, target, registry);
  diags.push(...r.diagnostics);
  return { markers: new MarkerSet(r.markers, r.refused), description: r.description };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
