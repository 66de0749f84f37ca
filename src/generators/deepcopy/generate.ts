import { posix } from "node:path";
import { errorAt, type Diagnostic } from "../../diagnostics/index.js";
import { CodeWriter, docComment } from "../../emit/index.js";
import { findPackage, type ApiModel, type FieldModel, type PackageModel, type TypeModel } from "../../model/index.js";
import { declaringModule, packageDir } from "../paths.js";
import type { Generator, GeneratorContext, OutputFile } from "../types.js";
import { checkHatches } from "./hatch.js";
import { copyExpr, isScalar, type CopyEnv } from "./copy-expr.js";
import { copyFunctionName, copySource, unknownAsJson } from "./select.js";
import { tsAccess } from "../../emit/index.js";

/** The deep-copy file's name in each package directory. */
export const DEEPCOPY_FILE = "zz_generated.deepcopy.ts";

/**
 * The `deepcopy` generator: `deepCopy<Type>` for every selected type, specialised per type.
 * A field it cannot see into (`unknown`/`any`) is an error naming both ways out.
 */
export const deepcopyGenerator: Generator = {
  name: "deepcopy",
  owns: (ctx) => [{ dir: ctx.options.input, recursive: true, match: /^zz_generated\.deepcopy\.ts$/ }],
  generate(ctx) {
    const diagnostics: Diagnostic[] = [];
    const files: OutputFile[] = [];
    for (const pkg of ctx.model.packages) {
      diagnostics.push(...checkHatches(ctx.model, pkg));
      const selected = pkg.types.filter((t) => copySource(pkg, t).kind === "generated");
      const undeclaredLists = ctx.selected.has("register") ? pkg.kinds.filter((k) => !k.listDeclared && copySource(pkg, pkg.types.find((t) => t.name === k.name)!).kind !== "none") : [];
      if (selected.length === 0 && undeclaredLists.length === 0) continue;
      const body = deepcopyFile(ctx, pkg, selected, undeclaredLists.map((k) => ({ list: k.listName, kind: k.name })), diagnostics);
      files.push({ path: `${packageDir(ctx.options, pkg)}/${DEEPCOPY_FILE}`, lang: "ts", body });
    }
    return { files, diagnostics };
  },
};

function deepcopyFile(ctx: GeneratorContext, pkg: PackageModel, types: readonly TypeModel[], lists: readonly { list: string; kind: string }[], diags: Diagnostic[]): string {
  const w = new CodeWriter();
  const rt = ctx.options.runtimeImport;
  for (const t of types) {
    w.import(declaringModule(t), t.name, true);
    let field: FieldModel | undefined;
    let fieldOwner: TypeModel = t;
    const env: CopyEnv = {
      named: (name, ref) => namedCopy(ctx.model, pkg, name, ref, w),
      runtime: (name) => w.import(rt, name),
      unknown: () => (unknownAsJson(...(field ? [field.markers] : []), fieldOwner.markers, pkg.markers) ? w.import(rt, "deepCopyJSON") : undefined),
    };
    w.line("");
    w.line(docComment(`${copyFunctionName(t.name)} returns a copy of src that shares no object or array with it.`).trimEnd());
    if (t.shape.kind === "alias") {
      const target = t.shape.target;
      const expr = copyExpr(target, "src", env);
      if (expr === undefined) diags.push(unknownError(t, undefined));
      w.block(`export function ${copyFunctionName(t.name)}(src: ${t.name}): ${t.name} {`, () => w.line(`return ${expr ?? "src"};`));
      continue;
    }
    const { fields, handEmbeds } = structFields(ctx.model, t);
    w.block(`export function ${copyFunctionName(t.name)}(src: ${t.name}): ${t.name} {`, () => {
      // Spread (not Object.assign) so a "__proto__" key is copied as data, never as a prototype.
      const embedded = handEmbeds.map((e) => `, ...${namedCopy(ctx.model, pkg, e.type.name, e.pkg.id, w)}(src)`).join("");
      const copied = fields.filter(({ field: f }) => !isScalar(f.type));
      if (copied.length === 0) {
        w.line(`return { ...src${embedded} };`);
        return;
      }
      w.line(`const out = { ...src${embedded} };`);
      for (const { field: f, owner } of copied) {
        field = f;
        fieldOwner = owner;
        const access = tsAccess(f.name);
        const expr = copyExpr(f.type, `src${access}`, env);
        if (expr === undefined) {
          diags.push(unknownError(owner, f));
          continue;
        }
        w.line(`if (src${access} !== undefined) out${access} = ${expr};`);
      }
      field = undefined;
      w.line("return out;");
    });
  }
  for (const { list, kind } of lists) {
    w.import("./zz_generated.register.js", list, true);
    const copyKind = namedCopy(ctx.model, pkg, kind, pkg.id, w);
    w.line("");
    w.line(docComment(`${copyFunctionName(list)} returns a copy of src that shares no object or array with it.`).trimEnd());
    w.block(`export function ${copyFunctionName(list)}(src: ${list}): ${list} {`, () => {
      w.line("const out = { ...src };");
      w.line(`if (src.metadata !== undefined) out.metadata = ${w.import(rt, "deepCopyListMeta")}(src.metadata);`);
      w.line(`if (src.items !== undefined) out.items = src.items.map((e0) => ${copyKind}(e0));`);
      w.line("return out;");
    });
  }
  return w.toString();
}

/** A field to copy and the type that declares it (an embedded type's fields are inlined). */
interface OwnedField {
  readonly field: FieldModel;
  readonly owner: TypeModel;
}

/**
 * Own fields plus the fields of embedded types, inlined as Go's `json:",inline"` does. An embedded
 * type with a hand-written copy is not inlined: its copy function is called on the whole object
 * (see `handEmbeds`), because only its author knows how to copy its fields.
 */
function structFields(model: ApiModel, t: TypeModel): { fields: OwnedField[]; handEmbeds: { pkg: PackageModel; type: TypeModel }[] } {
  const fields: OwnedField[] = [];
  const handEmbeds: { pkg: PackageModel; type: TypeModel }[] = [];
  if (t.shape.kind !== "struct") return { fields, handEmbeds };
  for (const e of t.shape.embeds) {
    if (e.kind !== "named") continue;
    const pkg = findPackage(model, e.pkg);
    const et = pkg?.types.find((x) => x.name === e.name);
    if (!pkg || !et) continue;
    if (copySource(pkg, et).kind === "generated") {
      const inner = structFields(model, et);
      fields.push(...inner.fields);
      handEmbeds.push(...inner.handEmbeds);
    } else handEmbeds.push({ pkg, type: et });
  }
  for (const f of t.shape.fields) {
    const i = fields.findIndex((o) => o.field.name === f.name);
    if (i >= 0) fields.splice(i, 1);
    fields.push({ field: f, owner: t });
  }
  return { fields, handEmbeds };
}

/** Imports and names the copy function of a named type, wherever it lives. */
function namedCopy(model: ApiModel, from: PackageModel, name: string, ref: { group: string; version: string }, w: CodeWriter): string {
  const pkg = findPackage(model, ref) ?? from;
  const t = pkg.types.find((x) => x.name === name);
  const fn = copyFunctionName(name);
  const src = t ? copySource(pkg, t) : { kind: "none" as const };
  const prefix = pkg === from ? "./" : `${posix.relative(from.dir, pkg.dir)}/`;
  if (src.kind === "handwritten") return w.import(`${prefix}${posix.basename(src.file).replace(/\.ts$/, ".js")}`, fn);
  if (pkg === from) return fn; // generated in this same file (or reported missing by checkHatches)
  return w.import(`${prefix}zz_generated.deepcopy.js`, fn);
}

function unknownError(t: TypeModel, f: FieldModel | undefined): Diagnostic {
  const where = f ? `field ${t.name}.${f.name}` : `type ${t.name}`;
  const fn = copyFunctionName(t.name);
  return errorAt(
    f?.pos ?? t.pos,
    "KCG1501",
    `${where} is typed unknown or any, which deepcopy cannot see into`,
    `either mark ${t.name} with +k8s:deepcopy-gen=false and export a hand-written \`export function ${fn}(src: ${t.name}): ${t.name}\` from a file of the package, ` +
      `or add +k8s:deepcopy-gen:unknown=json to the field, the type or the package to copy it as JSON data`,
  );
}
