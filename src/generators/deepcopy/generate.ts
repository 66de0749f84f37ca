import { posix } from "node:path";
import { Code, errorAt, type Diagnostic } from "../../diagnostics/index.js";
import { CodeWriter, docComment, tsAccess, tsString } from "../../emit/index.js";
import type { MarkerSet } from "../../markers/index.js";
import {
  findPackage,
  flattenStruct,
  type ApiModel,
  type BuiltinName,
  type FieldModel,
  type KindModel,
  type PackageModel,
  type TypeModel,
} from "../../model/index.js";
import { declaringModule, packageDir, relativeModule, siblingModule } from "../paths.js";
import type { Generator, GeneratorContext, GeneratorUnit } from "../types.js";
import { allPackages, runUnits } from "../units.js";
import { checkHatches } from "./hatch.js";
import { copyExpr, isScalar, type CopyEnv } from "./copy-expr.js";
import { copiedField, copiedWhole, copyFunctionName, copySource, nullableByMarker, unknownAsJson } from "./select.js";

/** The deep-copy file's name in each package directory. */
export const DEEPCOPY_FILE = "zz_generated.deepcopy.ts";

/** Embedded apimachinery types whose fields are all immutable: the spread of `src` already copies them. */
const scalarEmbeds = new Set<BuiltinName>(["TypeMeta", "ListMeta"]);

/**
 * The `deepcopy` generator: `deepCopy<Type>` for every selected type, specialised per type, and
 * `deepCopy<Kind>List` for kinds whose list the input does not declare (whether or not the
 * register generator runs, so the two outputs never depend on each other's selection).
 * A field it cannot see into (`unknown`/`any`) is an error naming both ways out.
 */
export const deepcopyGenerator: Generator = {
  name: "deepcopy",
  owns: (ctx) => [{ dir: ctx.options.input, recursive: true, match: /^zz_generated\.deepcopy\.ts$/ }],
  generate: (ctx) => runUnits(deepcopyUnits(ctx)),
  units: deepcopyUnits,
};

/**
 * The hand-written side of the escape hatch first (a check across packages: a copy in one package
 * may need a hand-written copy in another), then one unit per package with copies, whose file
 * reads only the package and the types it names.
 */
function deepcopyUnits(ctx: GeneratorContext): GeneratorUnit[] {
  const units: GeneratorUnit[] = [
    { id: "hatches", reads: allPackages(ctx), generate: () => ({ files: [], diagnostics: checkHatches(ctx.model) }) },
  ];
  for (const pkg of ctx.model.packages) {
    const selected = pkg.types.filter((t) => copySource(pkg, t).kind === "generated");
    const undeclaredLists = pkg.kinds.filter(
      (k) =>
        !k.listDeclared &&
        copySource(
          pkg,
          pkg.types.find((t) => t.name === k.name)!,
        ).kind !== "none",
    );
    if (selected.length === 0 && undeclaredLists.length === 0) continue;
    units.push({
      id: `${pkg.id.group}/${pkg.id.version}`,
      reads: [pkg.id],
      generate: () => {
        const diagnostics: Diagnostic[] = [];
        const body = deepcopyFile(ctx, pkg, selected, undeclaredLists, diagnostics);
        return { files: [{ path: `${packageDir(ctx.options, pkg)}/${DEEPCOPY_FILE}`, lang: "ts", body }], diagnostics };
      },
    });
  }
  return units;
}

function deepcopyFile(
  ctx: GeneratorContext,
  pkg: PackageModel,
  types: readonly TypeModel[],
  lists: readonly KindModel[],
  diags: Diagnostic[],
): string {
  const w = new CodeWriter();
  // Local names first, so namespace aliases of other modules never shadow them.
  w.reserve(
    "src",
    "out",
    ...pkg.types.flatMap((t) => [t.name, copyFunctionName(t.name)]),
    ...lists.flatMap((k) => [k.listName, copyFunctionName(k.listName)]),
  );
  const rt = (name: string) => `${w.importNamespace(ctx.options.runtimeImport, "runtime")}.${name}`;
  const stopAt = copiedWhole(ctx.model);
  const copiedOnly = copiedField(ctx.model);
  for (const t of types) {
    w.import(declaringModule(t), t.name, true);
    let unknownMarkers = [t.markers, pkg.markers];
    const env: CopyEnv = {
      model: ctx.model,
      named: (name, ref) => namedCopy(ctx.model, pkg, name, ref, w),
      runtime: rt,
      unknown: () => (unknownAsJson(...unknownMarkers) ? rt("deepCopyJSON") : undefined),
    };
    w.line("");
    w.line(docComment(`${copyFunctionName(t.name)} returns a copy of src that shares no object or array with it.`).trimEnd());
    if (t.shape.kind === "alias") {
      const expr = copyExpr(t.shape.target, "src", env);
      if (expr === undefined && !refusedUnknown(unknownMarkers)) diags.push(unknownError(t, undefined));
      w.block(`export function ${copyFunctionName(t.name)}(src: ${t.name}): ${t.name} {`, () => w.line(`return ${expr ?? "src"};`));
      continue;
    }
    const flat = flattenStruct(ctx.model, t, stopAt, copiedOnly);
    w.block(`export function ${copyFunctionName(t.name)}(src: ${t.name}): ${t.name} {`, () => {
      // Spread (not Object.assign) so a "__proto__" key is copied as data, never as a prototype.
      // Embedded apimachinery and hand-written types copy themselves over the whole object.
      const embedded = [
        ...flat.builtins.filter((b) => !scalarEmbeds.has(b) && !isScalar({ kind: "builtin", name: b })).map((b) => rt(copyFunctionName(b))),
        ...flat.opaque.map((o) => namedCopy(ctx.model, pkg, o.name, o.pkg, w)),
      ]
        .map((fn) => `, ...${fn}(src)`)
        .join("");
      const copied = flat.fields;
      if (copied.length === 0) {
        w.line(`return { ...src${embedded} };`);
        return;
      }
      w.line(`const out = { ...src${embedded} };`);
      for (const { field: f, owner } of copied) {
        // The owner's package decides +k8s:deepcopy-gen:unknown, also when its fields are inlined here.
        unknownMarkers = [f.markers, owner.markers, (findPackage(ctx.model, owner.pkg) ?? pkg).markers];
        const access = tsAccess(f.name);
        let expr = copyExpr(f.type, `src${access}`, env);
        if (expr === undefined) {
          if (!refusedUnknown(unknownMarkers)) diags.push(unknownError(owner, f));
          continue;
        }
        // The schema lets a +nullable field be null although its type does not say so.
        if (f.type.kind !== "nullable" && nullableByMarker(f.markers)) expr = `(src${access} === null ? src${access} : ${expr})`;
        // `src.constructor` is never undefined (it comes from Object.prototype): ask for an own property.
        const present =
          f.name in Object.prototype
            ? `Object.prototype.hasOwnProperty.call(src, ${tsString(f.name)}) && src${access} !== undefined`
            : `src${access} !== undefined`;
        w.line(`if (${present}) out${access} = ${expr};`);
      }
      w.line("return out;");
    });
  }
  for (const k of lists) {
    // The list type is declared by the register output; a structurally identical local one keeps
    // this file compiling when register does not run.
    const kindType = pkg.types.find((t) => t.name === k.name)!;
    w.import(declaringModule(kindType), k.name, true);
    const copyKind = namedCopy(ctx.model, pkg, k.name, pkg.id, w);
    w.line("");
    w.line(docComment(`${k.listName} is the shape of a list of ${k.name} objects (the register output exports it).`).trimEnd());
    w.block(`interface ${k.listName} {`, () => {
      w.line("apiVersion?: string;");
      w.line("kind?: string;");
      w.line(`metadata?: ${rt("ListMeta")};`);
      w.line(`items: ${k.name}[];`);
    });
    w.line("");
    w.line(docComment(`${copyFunctionName(k.listName)} returns a copy of src that shares no object or array with it.`).trimEnd());
    w.block(`export function ${copyFunctionName(k.listName)}(src: ${k.listName}): ${k.listName} {`, () => {
      w.line("const out = { ...src };");
      w.line(`if (src.metadata !== undefined) out.metadata = ${rt("deepCopyListMeta")}(src.metadata);`);
      w.line(`if (src.items !== undefined) out.items = src.items.map((e0) => ${copyKind}(e0));`);
      w.line("return out;");
    });
  }
  return w.toString();
}

/**
 * Imports and names the copy function of a named type, wherever it lives. Other packages' modules
 * are imported as namespaces, so their `deepCopySpec` never clashes with this package's.
 */
function namedCopy(model: ApiModel, from: PackageModel, name: string, ref: { group: string; version: string }, w: CodeWriter): string {
  const pkg = findPackage(model, ref) ?? from;
  const t = pkg.types.find((x) => x.name === name);
  const fn = copyFunctionName(name);
  const src = t ? copySource(pkg, t) : { kind: "none" as const };
  if (pkg === from) {
    if (src.kind === "handwritten") return w.import(siblingModule(src.file), fn);
    return fn; // generated in this same file (or reported missing by checkHatches)
  }
  const module = relativeModule(from.dir, pkg.dir, src.kind === "handwritten" ? posix.basename(src.file) : "zz_generated.deepcopy.ts");
  return `${w.importNamespace(module, namespaceAlias(pkg))}.${fn}`;
}

/** `sharedV1` for package shared/v1: readable, and made unique by the writer when it is not. */
function namespaceAlias(pkg: PackageModel): string {
  const words = `${pkg.groupPackage} ${pkg.id.version}`.split(/[^A-Za-z0-9]+/).filter((s) => s !== "");
  const camel = words.map((s, i) => (i === 0 ? s.toLowerCase() : s.charAt(0).toUpperCase() + s.slice(1))).join("");
  return /^[A-Za-z_$]/.test(camel) ? camel : `pkg${camel}`;
}

/**
 * True when one of the ways out (+k8s:deepcopy-gen:unknown, or opting the type out) was written but
 * refused: that error is the one to fix, and repeating the ways out would be a second error for it.
 */
function refusedUnknown(sets: readonly MarkerSet[]): boolean {
  return sets.some((m) => ["k8s:deepcopy-gen:unknown", "k8s:deepcopy-gen", "kubebuilder:object:generate"].some((n) => m.wasRefused(n)));
}

function unknownError(t: TypeModel, f: FieldModel | undefined): Diagnostic {
  const where = f ? `field ${t.name}.${f.name}` : `type ${t.name}`;
  const fn = copyFunctionName(t.name);
  return errorAt(
    f?.pos ?? t.pos,
    Code.unknownField,
    `${where} is typed unknown or any, which deepcopy cannot see into`,
    `either mark ${t.name} with +k8s:deepcopy-gen=false and export a hand-written \`export function ${fn}(src: ${t.name}): ${t.name}\` from a file of the package, ` +
      `or add +k8s:deepcopy-gen:unknown=json to the field, the type or the package to copy it as JSON data`,
  );
}
