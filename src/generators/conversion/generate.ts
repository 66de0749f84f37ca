import { Code, errorAt, warningAt, type Diagnostic } from "../../diagnostics/index.js";
import { CodeWriter, docComment, isIdentifier, tsAccess, tsString } from "../../emit/index.js";
import {
  flattenStruct,
  type ApiModel,
  type FieldModel,
  type HandwrittenFunction,
  type PackageModel,
  type TypeModel,
} from "../../model/index.js";
import { declaringModule, packageDir, relativeModule, siblingModule } from "../paths.js";
import type { Generator, GeneratorContext, OutputFile } from "../types.js";
import { convertExpr } from "./convert-expr.js";
import { autoName, CONVERSION_FILE, convertName, hubTableName, spokeTableName } from "./names.js";
import { optedOut, planConversions, type SpokeHub } from "./plan.js";

/**
 * The `conversion` generator, as k8s.io/code-generator's conversion-gen adapted to hub-and-spoke
 * (controller-runtime's Hub and Convertible): in each spoke package (`+k8s:conversion-gen=<hub>` in
 * its doc.ts), `autoConvert_<v>_<Type>_To_<hub>_<Type>` and back for every struct type the two
 * packages both declare, fields matched by JSON name and compatible type, and the
 * `convert_...` each calls, generated when every field converts, else written by hand in a file
 * of the spoke package (which may call the auto function for the fields that match). A field that
 * does not convert is a warning naming it (unless a hand-written function takes care of it); a
 * hand-written function the generated code needs and no file exports is an error. Each spoke
 * exports `<kind>SpokeConversion` and each hub `<kind>Conversion` and `conversions`, the runtime
 * Converter's tables.
 */
export const conversionGenerator: Generator = {
  name: "conversion",
  owns: (ctx) => [{ dir: ctx.options.input, recursive: true, match: /^zz_generated\.conversion\.ts$/ }],
  generate(ctx) {
    const { pairs, diagnostics } = planConversions(ctx.model);
    const bodies = new Map<PackageModel, { spoke: SpokeHub[]; hub: SpokeHub[] }>();
    const entry = (p: PackageModel) => {
      let e = bodies.get(p);
      if (!e) bodies.set(p, (e = { spoke: [], hub: [] }));
      return e;
    };
    for (const pair of pairs) {
      entry(pair.spoke).spoke.push(pair);
      entry(pair.hub).hub.push(pair);
    }
    const files: OutputFile[] = [];
    for (const pkg of ctx.model.packages) {
      const e = bodies.get(pkg);
      if (!e) continue;
      const w = new CodeWriter();
      for (const pair of e.spoke) new PairWriter(ctx, pair, w, diagnostics).write();
      if (e.hub.length > 0) writeHubTables(ctx, pkg, e.hub, w);
      files.push({ path: `${packageDir(ctx.options, pkg)}/${CONVERSION_FILE}`, lang: "ts", body: w.toString() });
    }
    return { files, diagnostics };
  },
};

/** One direction of one struct pair: what its conversion needs and why it cannot be generated, if so. */
interface Direction {
  readonly from: TypeModel;
  readonly to: TypeModel;
  /** Why the public convert_ function cannot be generated; empty when it can. */
  readonly reasons: string[];
  /** The fields that do not convert, for warnings when nothing hand-written takes care of them. */
  readonly problems: { field: FieldModel; why: string }[];
}

/** Writes one spoke's conversions to and from one hub. */
class PairWriter {
  private readonly spoke: PackageModel;
  private readonly hub: PackageModel;
  /** Directions by their convert_ name, in the order written. */
  private readonly directions = new Map<string, Direction>();
  /** The convert_ names some generated code calls. */
  private readonly called = new Set<string>();

  constructor(
    private readonly ctx: GeneratorContext,
    pair: SpokeHub,
    private readonly w: CodeWriter,
    private readonly diags: Diagnostic[],
  ) {
    this.spoke = pair.spoke;
    this.hub = pair.hub;
    this.kinds = pair.kinds.map((k) => k.name);
  }

  private readonly kinds: readonly string[];

  write(): void {
    const model = this.ctx.model;
    const hubTypes = new Map(this.hub.types.map((t) => [t.name, t]));
    const structPairs = this.spoke.types
      .filter((t) => t.shape.kind === "struct")
      .flatMap((t) => {
        const h = hubTypes.get(t.name);
        return h && h.shape.kind === "struct" ? [[t, h] as const] : [];
      });
    this.w.reserve("in_", "out", ...structPairs.flatMap(([t]) => [t.name]));
    for (const [s, h] of structPairs) {
      if (optedOut(s) || optedOut(h)) {
        const why = `${optedOut(s) ? `${this.spoke.id.version}.${s.name}` : `${this.hub.id.version}.${h.name}`} is marked +k8s:conversion-gen=false`;
        this.directions.set(this.name(s, h), { from: s, to: h, reasons: [why], problems: [] });
        this.directions.set(this.name(h, s), { from: h, to: s, reasons: [why], problems: [] });
        continue;
      }
      this.writeDirection(model, s, h);
      this.writeDirection(model, h, s);
    }
    for (const kind of this.kinds) {
      const s = this.spoke.types.find((t) => t.name === kind)!;
      const h = hubTypes.get(kind)!;
      this.writeSpokeTable(s, h);
    }
    this.check();
  }

  /** The package-qualified type as this file writes it: the spoke's by name, the hub's through its namespace. */
  private typeRef(t: TypeModel): string {
    if (t.pkg.version === this.spoke.id.version && t.pkg.group === this.spoke.id.group) {
      this.w.import(declaringModule(t), t.name, true);
      return t.name;
    }
    const ns = this.w.importNamespace(relativeModule(this.spoke.dir, this.hub.dir, posixBase(t.file)), alias(this.hub), true);
    return `${ns}.${t.name}`;
  }

  private name(a: TypeModel, b: TypeModel): string {
    return convertName(a.pkg.version, a.name, b.pkg.version);
  }

  /** The function converting a to b that generated code calls: the hand-written one when a file of the spoke exports it. */
  private callee(a: TypeModel, b: TypeModel): string {
    const fn = this.name(a, b);
    this.called.add(fn);
    const hand = this.handwritten(fn);
    return hand?.exported ? this.w.import(siblingModule(hand.file), fn) : fn;
  }

  private handwritten(fn: string): HandwrittenFunction | undefined {
    return this.spoke.handwritten.find((h) => h.name === fn);
  }

  private writeDirection(model: ApiModel, a: TypeModel, b: TypeModel): void {
    const fn = this.name(a, b);
    const dir: Direction = { from: a, to: b, reasons: [], problems: [] };
    this.directions.set(fn, dir);
    const flatA = flattenStruct(model, a);
    const flatB = flattenStruct(model, b);
    const outFields = new Map(flatB.fields.map((f) => [f.field.name, f.field]));
    const set = new Set<string>();
    const literal: string[] = [];
    const statements: string[] = [];
    const env = { model, from: a.pkg, to: b.pkg, named: (x: TypeModel, y: TypeModel) => this.callee(x, y) };
    const problem = (f: FieldModel, why: string) => {
      statements.push(`// WARNING: in_${tsAccess(f.name)} requires manual conversion: ${why}`);
      dir.problems.push({ field: f, why });
      dir.reasons.push(`in_${tsAccess(f.name)}: ${why}`);
    };
    for (const builtin of flatA.builtins) {
      if (builtin === "TypeMeta" && flatB.builtins.includes("TypeMeta")) {
        // A converted object is of the other version; the kind stays.
        statements.push(`if (in_.apiVersion !== undefined) out.apiVersion = ${tsString(`${b.pkg.group}/${b.pkg.version}`)};`);
        statements.push("if (in_.kind !== undefined) out.kind = in_.kind;");
        set.add("apiVersion").add("kind");
      } else {
        statements.push(`// WARNING: the embedded ${builtin} requires manual conversion`);
        dir.reasons.push(`the embedded ${builtin} requires manual conversion`);
      }
    }
    for (const { field: f } of flatA.fields) {
      const access = tsAccess(f.name);
      if (optedOut(f)) {
        statements.push(`// INFO: in_${access} opted out of conversion generation`);
        continue;
      }
      const o = outFields.get(f.name);
      if (!o) {
        problem(f, `does not exist in ${b.pkg.version}.${b.name}`);
        continue;
      }
      if (f.name === "__proto__") {
        problem(f, "a field named __proto__ cannot be set by assignment");
        continue;
      }
      if (f.optional && !o.optional) {
        problem(f, `optional here, required in ${b.pkg.version}.${b.name}`);
        continue;
      }
      const src = `in_${access}`;
      const conv = convertExpr(f.type, o.type, src, env);
      if ("reason" in conv) {
        problem(f, conv.reason);
        continue;
      }
      set.add(o.name);
      if (!f.optional) literal.push(`${isIdentifier(f.name) ? f.name : tsString(f.name)}: ${conv.expr},`);
      else {
        // `constructor` and its kind are on every object's prototype: ask for an own property.
        const present =
          f.name in Object.prototype
            ? `Object.prototype.hasOwnProperty.call(in_, ${tsString(f.name)}) && ${src} !== undefined`
            : `${src} !== undefined`;
        statements.push(`if (${present}) out${access} = ${conv.expr};`);
      }
    }
    const unset = flatB.fields.filter(({ field }) => !set.has(field.name) && !field.optional).map(({ field }) => field.name);
    for (const name of unset) dir.reasons.push(`out${tsAccess(name)} is required and no field converts to it`);
    const outType = this.typeRef(b);
    const ret = unset.length > 0 ? `Omit<${outType}, ${unset.map((n) => tsString(n)).join(" | ")}>` : outType;
    const inType = this.typeRef(a);
    this.w.line("");
    this.w.line(
      docComment(
        `${autoName(a.pkg.version, a.name, b.pkg.version)} converts the fields of ${a.pkg.version}.${a.name} that ${b.pkg.version}.${b.name} has by name and type` +
          (unset.length > 0 ? `; it leaves the required ${unset.join(", ")} to the caller.` : "."),
      ).trimEnd(),
    );
    this.w.block(`export function ${autoName(a.pkg.version, a.name, b.pkg.version)}(in_: ${inType}): ${ret} {`, () => {
      if (literal.length === 0) this.w.line(`const out: ${ret} = {};`);
      else this.w.block(`const out: ${ret} = {`, () => literal.forEach((l) => this.w.line(l)), "};");
      statements.forEach((s) => this.w.line(s));
      this.w.line("return out;");
    });
    if (dir.reasons.length > 0 || this.handwritten(fn)) return;
    this.w.line("");
    this.w.line(
      docComment(
        `${fn} converts a ${a.pkg.version}.${a.name} to ${b.pkg.version}.${b.name}; every field converts, so it is generated.`,
      ).trimEnd(),
    );
    this.w.block(`export function ${fn}(in_: ${inType}): ${outType} {`, () =>
      this.w.line(`return ${autoName(a.pkg.version, a.name, b.pkg.version)}(in_);`),
    );
  }

  /** `<kind>SpokeConversion`: the runtime's SpokeConversion of one kind (controller-runtime's ConvertTo and ConvertFrom). */
  private writeSpokeTable(s: TypeModel, h: TypeModel): void {
    const rt = this.w.importNamespace(this.ctx.options.runtimeImport, "runtime", true);
    const toHub = this.callee(s, h);
    const fromHub = this.callee(h, s);
    const [sRef, hRef] = [this.typeRef(s), this.typeRef(h)];
    this.w.line("");
    this.w.line(
      docComment(
        `${s.name} ${this.spoke.id.version}'s conversions to and from its hub ${this.hub.id.version}, for the runtime's Converter (the hub's ${hubTableName(s.name)} lists them).`,
      ).trimEnd(),
    );
    this.w.block(
      `export const ${spokeTableName(s.name)}: ${rt}.SpokeConversion = {`,
      () => {
        this.w.line(`toHub: (o) => ${toHub}(o as ${sRef}),`);
        this.w.line(`fromHub: (o) => ${fromHub}(o as ${hRef}),`);
      },
      "};",
    );
  }

  /** Every convert_ function generated code calls must exist: generated, or hand-written and exported with its signature. */
  private check(): void {
    for (const fn of [...this.called].sort()) {
      const dir = this.directions.get(fn);
      if (!dir) continue;
      const hand = this.handwritten(fn);
      const spokeType = dir.from.pkg.version === this.spoke.id.version ? dir.from : dir.to;
      const signature = `export function ${fn}(in_: ${qualified(dir.from, this.spoke)}): ${qualified(dir.to, this.spoke)}`;
      if (hand) {
        const ok =
          hand.exported &&
          hand.params.length === 1 &&
          endsWithType(hand.params[0]!, dir.from.name) &&
          endsWithType(hand.returns, dir.to.name);
        if (!ok)
          this.diags.push(
            errorAt(
              hand.pos,
              Code.conversionManualWrongSignature,
              hand.exported
                ? `${fn} has the wrong signature: (${hand.params.join(", ")}) => ${hand.returns || "(no declared return type)"}`
                : `${fn} is not exported`,
              `write it as ${signature}`,
            ),
          );
        continue;
      }
      if (dir.reasons.length === 0) continue;
      for (const p of dir.problems)
        this.diags.push(
          warningAt(
            p.field.pos,
            Code.conversionNeedsManual,
            `${dir.from.pkg.version}.${dir.from.name}.${p.field.name} requires manual conversion to ${dir.to.pkg.version}: ${p.why}`,
            `write ${fn} in a file of ${this.spoke.dir}, or mark the field +k8s:conversion-gen=false to leave it out`,
          ),
        );
      this.diags.push(
        errorAt(
          spokeType.pos,
          Code.conversionMissingManual,
          `${fn} must be written by hand (${dir.reasons.join("; ")}), and no file of ${this.spoke.dir} exports it`,
          `add to a file of ${this.spoke.dir}: ${signature} { ... }` +
            (this.directions.get(fn)?.reasons.some((r) => r.includes("+k8s:conversion-gen=false"))
              ? ""
              : `, which may start from ${autoName(dir.from.pkg.version, dir.from.name, dir.to.pkg.version)}(in_)`),
        ),
      );
    }
    // Fields nothing calls a conversion for still deserve their warning, as conversion-gen logs them.
    for (const [fn, dir] of this.directions) {
      if (this.called.has(fn) || this.handwritten(fn)) continue;
      for (const p of dir.problems)
        this.diags.push(
          warningAt(
            p.field.pos,
            Code.conversionNeedsManual,
            `${dir.from.pkg.version}.${dir.from.name}.${p.field.name} requires manual conversion to ${dir.to.pkg.version}: ${p.why}`,
            `write ${fn} in a file of ${this.spoke.dir}, or mark the field +k8s:conversion-gen=false to leave it out`,
          ),
        );
    }
  }
}

/** `<kind>Conversion` per kind this package is the hub of, and `conversions`, every one of them. */
function writeHubTables(ctx: GeneratorContext, hub: PackageModel, pairs: readonly SpokeHub[], w: CodeWriter): void {
  const rt = w.importNamespace(ctx.options.runtimeImport, "runtime", true);
  const kinds = [...new Set(pairs.flatMap((p) => p.kinds.map((k) => k.name)))].sort();
  w.reserve(...kinds.map(hubTableName), "conversions");
  for (const kind of kinds) {
    const spokes = pairs.filter((p) => p.kinds.some((k) => k.name === kind)).sort((a, b) => cmp(a.spoke.id.version, b.spoke.id.version));
    w.line("");
    w.line(
      docComment(
        `${kind}'s conversions: ${hub.id.version} is the hub (controller-runtime's Hub), and each spoke (${spokes.map((p) => p.spoke.id.version).join(", ")}) converts through it. ` +
          `For the runtime's Converter, or newWebhookManagedBy(mgr).for(...).withConversion(${hubTableName(kind)}).`,
      ).trimEnd(),
    );
    w.block(
      `export const ${hubTableName(kind)}: ${rt}.ConvertibleKind = {`,
      () => {
        w.line(`group: ${tsString(hub.id.group)},`);
        w.line(`kind: ${tsString(kind)},`);
        w.line(`hub: ${tsString(hub.id.version)},`);
        w.block(
          "spokes: {",
          () => {
            for (const p of spokes) {
              const ns = w.importNamespace(relativeModule(hub.dir, p.spoke.dir, CONVERSION_FILE), alias(p.spoke));
              w.line(
                `${isIdentifier(p.spoke.id.version) ? p.spoke.id.version : tsString(p.spoke.id.version)}: ${ns}.${spokeTableName(kind)},`,
              );
            }
          },
          "},",
        );
      },
      "};",
    );
  }
  w.line("");
  w.line(docComment(`Every kind ${hub.dir} is the hub of, for new Converter(conversions).`).trimEnd());
  w.line(`export const conversions: readonly ${rt}.ConvertibleKind[] = [${kinds.map(hubTableName).join(", ")}];`);
}

/** `shipyardV2` for package shipyard/v2, as the deepcopy generator names other packages' namespaces. */
function alias(pkg: PackageModel): string {
  const words = `${pkg.groupPackage} ${pkg.id.version}`.split(/[^A-Za-z0-9]+/).filter((s) => s !== "");
  const camel = words.map((s, i) => (i === 0 ? s.toLowerCase() : s.charAt(0).toUpperCase() + s.slice(1))).join("");
  return /^[A-Za-z_$]/.test(camel) ? camel : `pkg${camel}`;
}

/** A type as the hand-written file names it: the spoke's by name, the hub's as `<version>.<Type>`. */
function qualified(t: TypeModel, spoke: PackageModel): string {
  return t.pkg.version === spoke.id.version && t.pkg.group === spoke.id.group ? t.name : `${t.pkg.version}.${t.name}`;
}

/** True when a type as written names `name` (`WidgetSpec`, `v2.WidgetSpec`). */
function endsWithType(written: string, name: string): boolean {
  const s = written.replace(/\s+/g, "");
  return s === name || s.endsWith(`.${name}`);
}

function posixBase(file: string): string {
  return file.slice(file.lastIndexOf("/") + 1);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
