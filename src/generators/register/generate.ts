import { CodeWriter, docComment, IdentifierRef, tsString, tsValue } from "../../emit/index.js";
import { lowerFirst, type KindModel, type PackageModel } from "../../model/index.js";
import { copyFunctionName, copySource, type CopySource } from "../deepcopy/select.js";
import { declaringModule, packageDir, siblingModule } from "../paths.js";
import type { Generator, GeneratorContext, GeneratorUnit } from "../types.js";
import { runUnits } from "../units.js";

/** The register file's name in each package directory. */
export const REGISTER_FILE = "zz_generated.register.ts";

/**
 * The `register` generator: per package, the group/version, each kind's resource info, the list
 * types the input does not declare, and `addToScheme` (with the deep copies the package's settings give).
 */
export const registerGenerator: Generator = {
  name: "register",
  owns: (ctx) => [{ dir: ctx.options.input, recursive: true, match: /^zz_generated\.register\.ts$/ }],
  generate: (ctx) => runUnits(registerUnits(ctx)),
  units: registerUnits,
};

/** One unit per package: its register file reads only the package. */
function registerUnits(ctx: GeneratorContext): GeneratorUnit[] {
  return ctx.model.packages.map((pkg) => ({
    id: `${pkg.id.group}/${pkg.id.version}`,
    reads: [pkg.id],
    generate: () => ({
      files: [{ path: `${packageDir(ctx.options, pkg)}/${REGISTER_FILE}`, lang: "ts", body: registerFile(ctx, pkg) }],
      diagnostics: [],
    }),
  }));
}

/** `fooRegistration`: a kind's KindRegistration in the register file (listers take its group and kind for NotFound). */
export function registrationName(k: KindModel): string {
  return `${lowerFirst(k.name)}Registration`;
}

function registerFile(ctx: GeneratorContext, pkg: PackageModel): string {
  const w = new CodeWriter();
  // Local names first; the runtime is a namespace so a kind named like a runtime type (Scheme) cannot clash.
  w.reserve(
    "GroupName",
    "SchemeGroupVersion",
    "kinds",
    "addToScheme",
    "scheme",
    ...pkg.kinds.flatMap((k) => [k.name, k.listName, registrationName(k), copyFunctionName(k.name), copyFunctionName(k.listName)]),
  );
  const rt = (name: string) => `${w.importNamespace(ctx.options.runtimeImport, "runtime")}.${name}`;
  w.line(docComment(`The API group of this package.`).trimEnd());
  w.line(`export const GroupName = ${tsString(pkg.id.group)};`);
  w.line(docComment(`The group and version of this package.`).trimEnd());
  w.line(`export const SchemeGroupVersion = { group: GroupName, version: ${tsString(pkg.id.version)} } as const;`);
  for (const k of pkg.kinds) {
    const t = pkg.types.find((x) => x.name === k.name)!;
    w.import(declaringModule(t), k.name, true);
    if (!k.listDeclared) {
      w.line("");
      w.line(docComment(`${k.listName} is a list of ${k.name} objects (declared here because the input has none).`).trimEnd());
      w.block(`export interface ${k.listName} {`, () => {
        w.line("apiVersion?: string;");
        w.line("kind?: string;");
        w.line(`metadata?: ${rt("ListMeta")};`);
        w.line(`items: ${k.name}[];`);
      });
    } else {
      const lt = pkg.types.find((x) => x.name === k.listName)!;
      w.import(declaringModule(lt), k.listName, true);
    }
  }
  for (const k of pkg.kinds) {
    w.line("");
    w.line(docComment(`How ${k.name} is served: names, scope and subresources.`).trimEnd());
    // By the package's deepcopy settings, not by which generators run, so the output is the same either way.
    const copies = copiesOf(pkg, k, w);
    w.line(
      `export const ${registrationName(k)}: ${rt("KindRegistration")}<${k.name}, ${k.listName}> = ${tsValue({ ...info(k), ...copies })};`,
    );
  }
  w.line("");
  w.line(docComment(`Every kind of this package.`).trimEnd());
  w.line(`export const kinds: readonly ${rt("AnyKindRegistration")}[] = [${pkg.kinds.map((k) => registrationName(k)).join(", ")}];`);
  w.line("");
  w.line(docComment(`Registers this package's kinds with a scheme.`).trimEnd());
  w.block(`export function addToScheme(scheme: ${rt("Scheme")}): ${rt("Scheme")} {`, () => w.line("return scheme.addKnownTypes(kinds);"));
  return w.toString();
}

/** The deep-copy functions of a kind and its list, imported from wherever they live. */
function copiesOf(pkg: PackageModel, k: KindModel, w: CodeWriter): Record<string, IdentifierRef> {
  const out: Record<string, IdentifierRef> = {};
  const kindType = pkg.types.find((t) => t.name === k.name)!;
  const kindSrc = copySource(pkg, kindType);
  const ref = (src: CopySource, name: string): IdentifierRef | undefined => {
    const fn = copyFunctionName(name);
    if (src.kind === "generated") return new IdentifierRef(w.import("./zz_generated.deepcopy.js", fn));
    if (src.kind === "handwritten") return new IdentifierRef(w.import(siblingModule(src.file), fn));
    return undefined;
  };
  const kindCopy = ref(kindSrc, k.name);
  if (kindCopy) out["deepCopy"] = kindCopy;
  const listType = pkg.types.find((t) => t.name === k.listName);
  const listSrc: CopySource = listType ? copySource(pkg, listType) : kindSrc.kind === "none" ? kindSrc : { kind: "generated" };
  const listCopy = ref(listSrc, k.listName);
  if (listCopy) out["deepCopyList"] = listCopy;
  return out;
}

function info(k: KindModel): Record<string, unknown> {
  return {
    group: k.pkg.group,
    version: k.pkg.version,
    kind: k.name,
    listKind: k.listName,
    plural: k.plural,
    singular: k.singular,
    namespaced: k.namespaced,
    subresources: { status: k.statusSubresource, ...(k.scale ? { scale: { ...k.scale } } : {}) },
    shortNames: [...k.shortNames],
    categories: [...k.categories],
  };
}
