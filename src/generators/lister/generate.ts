import { CodeWriter, docComment, tsString } from "../../emit/index.js";
import type { KindModel, PackageModel } from "../../model/index.js";
import { kindAccessor, kindFileName } from "../client/names.js";
import { declaringModule, inputModule, siblingModule } from "../paths.js";
import { REGISTER_FILE, registrationName } from "../register/generate.js";
import type { Generator, GeneratorContext, GeneratorUnit, OutputFile } from "../types.js";
import { runUnits } from "../units.js";
import { kindListerName, listerDir, listerKinds, listersRoot, newListerName } from "./names.js";

/**
 * The `lister` generator: client-go's listers in TypeScript, under `<output>/listers`. A kind's
 * file (`<group>/<version>/<kind>.ts`) binds the runtime's generic lister to the kind's type and
 * registration: `FooLister` reads an informer's cache with `list(selector)` and, for a namespaced
 * kind, `foos(namespace).get(name)` / `.list(selector)`; a cluster-scoped kind's has `get(name)`
 * and no namespaced accessor. A missing object is the NotFound ApiError client-go's listers return.
 */
export const listerGenerator: Generator = {
  name: "lister",
  owns: (ctx) => [{ dir: listersRoot(ctx.options), recursive: true, match: /\.ts$/ }],
  generate: (ctx) => runUnits(listerUnits(ctx)),
  units: listerUnits,
};

/** One unit per package with listers: its files read only the package (and the types it names). */
function listerUnits(ctx: GeneratorContext): GeneratorUnit[] {
  return ctx.model.packages.flatMap((pkg) => {
    const kinds = listerKinds(pkg);
    if (kinds.length === 0) return [];
    return [
      {
        id: `${pkg.id.group}/${pkg.id.version}`,
        reads: [pkg.id],
        generate: () => ({ files: packageFiles(ctx, pkg, kinds), diagnostics: [] }),
      },
    ];
  });
}

function packageFiles(ctx: GeneratorContext, pkg: PackageModel, kinds: readonly KindModel[]): OutputFile[] {
  const dir = listerDir(ctx.options, pkg);
  const files: OutputFile[] = kinds.map((k) => ({ path: `${dir}/${kindFileName(k)}`, lang: "ts", body: kindFile(ctx, pkg, k) }));
  const index = new CodeWriter();
  index.line(docComment(`The listers of ${pkg.id.group}/${pkg.id.version}, one per kind.`).trimEnd());
  for (const k of kinds) index.line(`export * from ${tsString(siblingModule(kindFileName(k)))};`);
  files.push({ path: `${dir}/index.ts`, lang: "ts", body: index.toString() });
  return files;
}

function kindFile(ctx: GeneratorContext, pkg: PackageModel, k: KindModel): string {
  const w = new CodeWriter();
  const lister = kindListerName(k);
  const factory = newListerName(k);
  const registration = registrationName(k);
  w.reserve(k.name, lister, factory, registration);
  const rt = w.importNamespace(ctx.options.runtimeImport, "runtime");
  const from = inputModule(ctx, pkg, listerDir(ctx.options, pkg));
  w.import(from(declaringModule(pkg.types.find((t) => t.name === k.name)!)), k.name, true);
  // The registration gives the group and kind NotFound names, as client-go's listers take the
  // API package's Resource("foo").
  w.import(from(siblingModule(REGISTER_FILE)), registration);
  const gv = `${k.pkg.group}/${k.pkg.version}`;
  if (k.namespaced) {
    const accessor = kindAccessor(k);
    const a = tsString(accessor);
    w.line(
      docComment(
        `Reads of the ${k.name} objects (${gv}) in an informer's cache: \`list(selector)\` across every namespace, \`${accessor}(namespace).get(name)\` and \`.list(selector)\` in one. Objects are the cache's own: read-only.`,
      ).trimEnd(),
    );
    w.line(`export type ${lister} = ${rt}.NamespacedKindLister<${k.name}, ${a}>;`);
    w.line("");
    w.line(
      docComment(`A ${lister} over \`indexer\` (an informer's); a missing ${k.name} throws NotFound, as client-go's listers.`).trimEnd(),
    );
    w.block(`export function ${factory}(indexer: ${rt}.ReadonlyIndexer<${k.name}>): ${lister} {`, () =>
      w.line(`return ${rt}.namespacedKindLister<${k.name}, ${a}>(indexer, ${registration}, ${a});`),
    );
  } else {
    w.line(
      docComment(
        `Reads of the ${k.name} objects (${gv}, cluster-scoped) in an informer's cache: \`list(selector)\` and \`get(name)\`. Objects are the cache's own: read-only.`,
      ).trimEnd(),
    );
    w.line(`export type ${lister} = ${rt}.ClusterKindLister<${k.name}>;`);
    w.line("");
    w.line(
      docComment(`A ${lister} over \`indexer\` (an informer's); a missing ${k.name} throws NotFound, as client-go's listers.`).trimEnd(),
    );
    w.block(`export function ${factory}(indexer: ${rt}.ReadonlyIndexer<${k.name}>): ${lister} {`, () =>
      w.line(`return ${rt}.clusterKindLister<${k.name}>(indexer, ${registration});`),
    );
  }
  return w.toString();
}
