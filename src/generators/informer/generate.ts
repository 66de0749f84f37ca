import { Code, errorAt, type Diagnostic } from "../../diagnostics/index.js";
import { CodeWriter, docComment, isIdentifier, tsString } from "../../emit/index.js";
import type { KindModel, PackageModel } from "../../model/index.js";
import {
  groupVersionAccessor,
  groupVersionDir,
  kindAccessor,
  kindClientName,
  kindFactoryName,
  kindFileName,
  resourceConstName,
} from "../client/names.js";
import { clientPackages } from "../client/packages.js";
import { kindListerName, listerDir, newListerName } from "../lister/names.js";
import { declaringModule, inputModule, relativeModule, siblingModule } from "../paths.js";
import type { Generator, GeneratorContext, GeneratorResult, GeneratorUnit, OutputFile } from "../types.js";
import { allPackages, runUnits } from "../units.js";
import {
  groupAccessor,
  groupInformersName,
  groupVersionInformersName,
  informerDir,
  informerKinds,
  informersRoot,
  kindInformerName,
  newInformerName,
} from "./names.js";

/** The factory's own class and function, which no group class may be named. */
const FACTORY_CLASS = "SharedInformerFactory";
const FACTORY_FUNCTION = "newSharedInformerFactory";

/**
 * The `informer` generator: informer-gen's factory in TypeScript, under `<output>/informers`.
 * `factory.ts` has `newSharedInformerFactory(config, options)`: the runtime's
 * SharedInformerFactory with one accessor per API group (named from `+groupGoName=`, as the
 * clientset), each with one per version, each with one per kind giving `{ informer, lister }`:
 * `factory.samplecontroller().v1alpha1().foos()`. A kind's file binds the factory's shared
 * informer of its resource, listing and watching through the generated typed client, to the
 * generated lister; so its output imports the `client` and `lister` generators' files.
 */
export const informerGenerator: Generator = {
  name: "informer",
  owns: (ctx) => [{ dir: informersRoot(ctx.options), recursive: true, match: /\.ts$/ }],
  generate: (ctx) => runUnits(informerUnits(ctx)),
  units: informerUnits,
};

/**
 * One unit per package with informers, its kinds' informers and its group/version index (which
 * read only the package and the types it names), then the factory: which groups it holds and why
 * any was left out depend on every package.
 */
function informerUnits(ctx: GeneratorContext): GeneratorUnit[] {
  const units: GeneratorUnit[] = [];
  const diagnostics: Diagnostic[] = [];
  // The clientset's packages: a package the client generator leaves out (and reports) has no
  // client to list and watch through.
  const groups = new Map<string, PackageModel[]>();
  for (const { pkg, kinds: clientKinds } of clientPackages(ctx.model).groups) {
    const kinds = informerKinds(clientKinds);
    if (kinds.length === 0) continue;
    const name = groupAccessor(pkg);
    const same = groups.get(name);
    const other = same?.find((p) => p.id.group !== pkg.id.group);
    if (other || [FACTORY_CLASS, FACTORY_FUNCTION].includes(groupInformersName(pkg)) || !isIdentifier(groupInformersName(pkg))) {
      diagnostics.push(
        errorAt(
          pkg.markers.get("groupGoName")?.pos ?? kinds[0]!.pos,
          Code.malformedValue,
          other
            ? `${pkg.id.group} and ${other.id.group} both have the informer factory accessor ${name}`
            : `the informer factory accessor of ${pkg.dir} (${name}) cannot be used`,
          "give one group another +groupGoName= in its doc.ts",
        ),
      );
      continue;
    }
    if (same) same.push(pkg);
    else groups.set(name, [pkg]);
    units.push({ id: `${pkg.id.group}/${pkg.id.version}`, reads: [pkg.id], generate: () => packageFiles(ctx, pkg, kinds) });
  }
  units.push({
    id: "factory",
    reads: allPackages(ctx),
    generate: () => {
      if (groups.size === 0) return { files: [], diagnostics };
      const root = informersRoot(ctx.options);
      return {
        files: [
          { path: `${root}/factory.ts`, lang: "ts", body: factoryFile(ctx, [...groups.values()]) },
          { path: `${root}/index.ts`, lang: "ts", body: informersIndex([...groups.values()].flat()) },
        ],
        diagnostics,
      };
    },
  });
  return units;
}

function packageFiles(ctx: GeneratorContext, pkg: PackageModel, kinds: readonly KindModel[]): GeneratorResult {
  const dir = informerDir(ctx.options, pkg);
  const files: OutputFile[] = kinds.map((k) => ({ path: `${dir}/${kindFileName(k)}`, lang: "ts", body: kindFile(ctx, pkg, k) }));
  files.push({ path: `${dir}/index.ts`, lang: "ts", body: groupVersionFile(ctx, pkg, kinds) });
  return { files, diagnostics: [] };
}

function kindFile(ctx: GeneratorContext, pkg: PackageModel, k: KindModel): string {
  const w = new CodeWriter();
  const informer = kindInformerName(k);
  const factory = newInformerName(k);
  w.reserve(k.name, informer, factory, kindListerName(k), newListerName(k), resourceConstName(k), kindFactoryName(k));
  const rt = w.importNamespace(ctx.options.runtimeImport, "runtime");
  const dir = informerDir(ctx.options, pkg);
  w.import(inputModule(ctx, pkg, dir)(declaringModule(pkg.types.find((t) => t.name === k.name)!)), k.name, true);
  const client = relativeModule(dir, groupVersionDir(ctx.options, pkg), kindFileName(k));
  w.import(client, resourceConstName(k));
  w.import(client, kindFactoryName(k));
  const lister = relativeModule(dir, listerDir(ctx.options, pkg), kindFileName(k));
  w.import(lister, kindListerName(k), true);
  w.import(lister, newListerName(k));
  w.line(docComment(`${k.name}'s shared informer and its typed lister, as informer-gen's ${informer}.`).trimEnd());
  w.block(`export interface ${informer} {`, () => {
    w.line(`readonly informer: ${rt}.SharedIndexInformer<${k.name}>;`);
    w.line(`readonly lister: ${kindListerName(k)};`);
  });
  w.line("");
  w.line(
    docComment(
      `\`factory\`'s ${informer}: its one shared informer of ${k.name}${k.namespaced ? " (in the factory's namespace, or every namespace)" : ""}, listing and watching through ${kindClientName(k)}.`,
    ).trimEnd(),
  );
  const newClient = k.namespaced
    ? `(transport, _resource, namespace) => ${kindFactoryName(k)}(transport, namespace)`
    : `(transport) => ${kindFactoryName(k)}(transport)`;
  w.block(`export function ${factory}(factory: ${rt}.SharedInformerFactory): ${informer} {`, () => {
    w.line(`const informer = factory.informerFor<${k.name}>(${resourceConstName(k)}, ${newClient});`);
    w.line(`return { informer, lister: ${newListerName(k)}(informer.getIndexer()) };`);
  });
  return w.toString();
}

function groupVersionFile(ctx: GeneratorContext, pkg: PackageModel, kinds: readonly KindModel[]): string {
  const w = new CodeWriter();
  const cls = groupVersionInformersName(pkg);
  w.reserve(cls, ...kinds.map(kindInformerName), ...kinds.map(newInformerName));
  const rt = w.importNamespace(ctx.options.runtimeImport, "runtime");
  for (const k of kinds) {
    w.import(siblingModule(kindFileName(k)), kindInformerName(k), true);
    w.import(siblingModule(kindFileName(k)), newInformerName(k));
  }
  w.line(docComment(`The informers of ${pkg.id.group}/${pkg.id.version}, one accessor per kind.`).trimEnd());
  w.block(`export class ${cls} {`, () => {
    w.line(`constructor(readonly factory: ${rt}.SharedInformerFactory) {}`);
    for (const k of kinds) {
      w.line("");
      w.line(docComment(`${k.name}'s shared informer and lister${k.namespaced ? "" : " (cluster-scoped)"}.`).trimEnd());
      w.block(`${kindAccessor(k)}(): ${kindInformerName(k)} {`, () => w.line(`return ${newInformerName(k)}(this.factory);`));
    }
  });
  w.line("");
  for (const k of kinds) w.line(`export * from ${tsString(siblingModule(kindFileName(k)))};`);
  return w.toString();
}

function factoryFile(ctx: GeneratorContext, groups: readonly (readonly PackageModel[])[]): string {
  const w = new CodeWriter();
  w.reserve(
    FACTORY_CLASS,
    FACTORY_FUNCTION,
    ...groups.flat().map(groupVersionInformersName),
    ...groups.map((g) => groupInformersName(g[0]!)),
  );
  const rt = w.importNamespace(ctx.options.runtimeImport, "runtime");
  for (const pkg of groups.flat()) w.import(`./${pkg.dir}/index.js`, groupVersionInformersName(pkg));
  for (const pkgs of groups) {
    const first = pkgs[0]!;
    w.line(docComment(`The ${first.id.group} informers, one accessor per version.`).trimEnd());
    w.block(`export class ${groupInformersName(first)} {`, () => {
      w.line(`constructor(readonly factory: ${rt}.SharedInformerFactory) {}`);
      for (const pkg of pkgs) {
        w.line("");
        w.line(docComment(`The ${pkg.id.group}/${pkg.id.version} informers.`).trimEnd());
        w.block(`${pkg.id.version}(): ${groupVersionInformersName(pkg)} {`, () =>
          w.line(`return new ${groupVersionInformersName(pkg)}(this.factory);`),
        );
      }
    });
    w.line("");
  }
  w.line(
    docComment(
      "informer-gen's SharedInformerFactory: the runtime's (start, waitForCacheSync, shutdown, forResource, withCustomResync) with one accessor per API group. Informers are made on first use and shared: the same kind always gives the same informer.",
    ).trimEnd(),
  );
  w.block(`export class ${FACTORY_CLASS} extends ${rt}.SharedInformerFactory {`, () => {
    groups.forEach((pkgs, i) => {
      const first = pkgs[0]!;
      if (i > 0) w.line("");
      w.line(docComment(`The ${first.id.group} informers.`).trimEnd());
      w.block(`${groupAccessor(first)}(): ${groupInformersName(first)} {`, () => w.line(`return new ${groupInformersName(first)}(this);`));
    });
  });
  w.line("");
  w.line(
    docComment(
      "A factory over a Transport, or over a new one made from a RestConfig (`loadKubeConfig()`), with informer-gen's options: namespace, tweakListOptions, default and per-resource resync.",
    ).trimEnd(),
  );
  w.block(
    `export function ${FACTORY_FUNCTION}(config: ${rt}.Transport | ${rt}.RestConfig, options?: ${rt}.SharedInformerFactoryOptions): ${FACTORY_CLASS} {`,
    () => w.line(`return new ${FACTORY_CLASS}(config, options);`),
  );
  return w.toString();
}

function informersIndex(pkgs: readonly PackageModel[]): string {
  const w = new CodeWriter();
  w.line(`export * from "./factory.js";`);
  // One namespace per group/version, as the clientset's index, so kinds of one name in two versions do not clash.
  for (const pkg of pkgs) w.line(`export * as ${groupVersionAccessor(pkg)} from ${tsString(`./${pkg.dir}/index.js`)};`);
  return w.toString();
}
