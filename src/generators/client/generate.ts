import type { Diagnostic } from "../../diagnostics/index.js";
import { CodeWriter, docComment, tsString, tsValue } from "../../emit/index.js";
import type { KindModel, PackageModel } from "../../model/index.js";
import { declaringModule, inputModule, siblingModule } from "../paths.js";
import type { Generator, GeneratorContext, GeneratorResult, GeneratorUnit, OutputFile } from "../types.js";
import { allPackages, runUnits } from "../units.js";
import { REGISTER_FILE } from "../register/generate.js";
import { extensionMethods } from "./extensions.js";
import { clientPackages } from "./packages.js";
import {
  applyConfigFactoryName,
  applyConfigTypeName,
  clientsetRoot,
  groupVersionAccessor,
  groupVersionClientName,
  groupVersionDir,
  kindAccessor,
  kindClientName,
  kindFactoryName,
  kindFileName,
  resourceConstName,
  verbsConstName,
} from "./names.js";
import { verbMethods } from "./verbs.js";

/**
 * The `client` generator: client-go's clientset in TypeScript, under `<output>/clientset`. A typed
 * client per `+genclient` kind (`<group>/<version>/<kind>.ts`) with the verbs its markers allow,
 * a group-version client per package (`<group>/<version>/index.ts`) and the `Clientset`
 * (`clientset.ts`, `index.ts`) with one accessor per group/version. A kind's file holds only what
 * differs per kind (its resource, its verbs as data, the `+genclient:method=` extensions); the
 * verbs themselves are the runtime's TypedClient over ResourceClient.
 */
export const clientGenerator: Generator = {
  name: "client",
  owns: (ctx) => [{ dir: clientsetRoot(ctx.options), recursive: true, match: /\.ts$/ }],
  generate: (ctx) => runUnits(clientUnits(ctx)),
  units: clientUnits,
};

/**
 * One unit per clientset package, its kinds' clients and its group/version client (which read only
 * the package and the types it names), then the clientset's root: which packages it holds and why
 * any was left out depend on every package.
 */
function clientUnits(ctx: GeneratorContext): GeneratorUnit[] {
  const { groups, diagnostics } = clientPackages(ctx.model);
  const units: GeneratorUnit[] = groups.map(({ pkg, kinds }) => ({
    id: `${pkg.id.group}/${pkg.id.version}`,
    reads: [pkg.id],
    generate: () => packageFiles(ctx, pkg, kinds),
  }));
  units.push({
    id: "clientset",
    reads: allPackages(ctx),
    generate: () => {
      if (groups.length === 0) return { files: [], diagnostics };
      const root = clientsetRoot(ctx.options);
      const pkgs = groups.map((g) => g.pkg);
      return {
        files: [
          { path: `${root}/clientset.ts`, lang: "ts", body: clientsetFile(ctx, pkgs) },
          { path: `${root}/index.ts`, lang: "ts", body: clientsetIndex(pkgs) },
        ],
        diagnostics,
      };
    },
  });
  return units;
}

function packageFiles(ctx: GeneratorContext, pkg: PackageModel, kinds: readonly KindModel[]): GeneratorResult {
  const files: OutputFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const dir = groupVersionDir(ctx.options, pkg);
  for (const k of kinds) {
    const r = kindFile(ctx, pkg, k);
    diagnostics.push(...r.diagnostics);
    files.push({ path: `${dir}/${kindFileName(k)}`, lang: "ts", body: r.body });
  }
  files.push({ path: `${dir}/index.ts`, lang: "ts", body: groupVersionFile(ctx, pkg, kinds) });
  return { files, diagnostics };
}

function kindFile(ctx: GeneratorContext, pkg: PackageModel, k: KindModel): { body: string; diagnostics: Diagnostic[] } {
  const client = k.client!;
  const w = new CodeWriter();
  const cls = kindClientName(k);
  const res = resourceConstName(k);
  const verbs = verbsConstName(k);
  const factory = kindFactoryName(k);
  const applyType = applyConfigTypeName(k);
  const applyFactory = applyConfigFactoryName(k);
  w.reserve(k.name, k.listName, cls, res, verbs, factory, applyType, applyFactory);
  const rt = w.importNamespace(ctx.options.runtimeImport, "runtime");
  const from = inputModule(ctx, pkg, groupVersionDir(ctx.options, pkg));
  const kindType = pkg.types.find((t) => t.name === k.name)!;
  w.import(from(declaringModule(kindType)), k.name, true);
  const listType = pkg.types.find((t) => t.name === k.listName);
  w.import(from(listType ? declaringModule(listType) : siblingModule(REGISTER_FILE)), k.listName, true);

  // The verbs' methods come from the runtime (TypedClient); only the extensions are written out.
  const applies = client.verbs.includes("apply") || client.verbs.includes("applyStatus");
  const types = { t: k.name, l: k.listName, a: applies ? applyType : `${rt}.ApplyConfiguration<${k.name}>`, rt, kind: k.name };
  const taken = new Set(client.verbs.flatMap((v) => verbMethods(v, types).map(([n]) => n)));
  const ext = extensionMethods(pkg, k, types, taken, w, from);

  const description = { group: k.pkg.group, version: k.pkg.version, plural: k.plural, kind: k.name, namespaced: k.namespaced };
  w.line(docComment(`How ${k.name} is served, for the ResourceClient under ${cls}.`).trimEnd());
  w.line(`export const ${res}: ${rt}.ResourceDescription = ${tsValue(description)};`);
  w.line("");
  w.line(docComment(`The verbs ${k.name}'s +genclient markers allow: the methods ${cls} has.`).trimEnd());
  w.line(`export const ${verbs} = ${tsValue(client.verbs)} as const;`);
  w.line("");
  if (applies) applyConfigDeclarations(w, k, rt, applyType, applyFactory);
  const scope = k.namespaced ? "in one namespace, or in every namespace when none is given" : "a cluster-scoped kind";
  w.line(
    docComment(
      `The typed client of ${k.name} (${k.pkg.group}/${k.pkg.version}), ${scope}: the verbs its +genclient markers allow.`,
    ).trimEnd(),
  );
  const typeArgs = `${k.name}, ${k.listName}, (typeof ${verbs})[number]${applies ? `, ${applyType}` : ""}`;
  const typed = `${rt}.TypedClient<${typeArgs}>`;
  if (ext.methods.length === 0) w.line(`export type ${cls} = ${typed};`);
  else
    w.block(`export interface ${cls} extends ${typed} {`, () => {
      ext.methods.forEach(([name, m], i) => {
        if (i > 0) w.line("");
        w.line(docComment(m.doc).trimEnd());
        w.line(`${name}${m.typeParams ?? ""}(${m.params}): ${m.returns};`);
      });
    });
  w.line("");
  w.line(
    docComment(`A ${cls} over \`transport\`${k.namespaced ? ", in `namespace` (every namespace when it is left out)" : ""}.`).trimEnd(),
  );
  const params = k.namespaced ? `transport: ${rt}.Transport, namespace?: string` : `transport: ${rt}.Transport`;
  const ns = k.namespaced ? ", namespace" : "";
  w.block(`export function ${factory}(${params}): ${cls} {`, () => {
    if (ext.methods.length === 0) {
      w.line(`return ${rt}.typedClient<${typeArgs}>(transport, ${res}, ${verbs}${ns});`);
      return;
    }
    w.line(`const client = new ${rt}.ResourceClient<${k.name}, ${k.listName}${applies ? `, ${applyType}` : ""}>(transport, ${res}${ns});`);
    w.block(
      "return {",
      () => {
        w.line(`...${rt}.bindVerbs(client, ${verbs}),`);
        for (const [name, m] of ext.methods)
          w.block(`${name}${m.typeParams ?? ""}(${m.params}): ${m.returns} {`, () => w.line(`return client.${m.call};`), "},");
      },
      "};",
    );
  });
  return { body: w.toString(), diagnostics: ext.diagnostics };
}

/**
 * The kind's apply configuration, client-go's applyconfigurations: the runtime's generic deep
 * partial with this kind's apiVersion and kind as literals, and the constructor of its least value.
 */
function applyConfigDeclarations(w: CodeWriter, k: KindModel, rt: string, applyType: string, applyFactory: string): void {
  const apiVersion = k.pkg.group === "" ? k.pkg.version : `${k.pkg.group}/${k.pkg.version}`;
  w.line(
    docComment(
      `What ${k.name}'s apply takes: a deep partial ${k.name} with apiVersion, kind and metadata.name required; only the fields set are sent and owned.`,
    ).trimEnd(),
  );
  w.line(`export type ${applyType} = ${rt}.ApplyConfiguration<${k.name}, ${tsString(apiVersion)}, ${tsString(k.name)}>;`);
  w.line("");
  w.line(
    docComment(`The least ${applyType}: apiVersion, kind, name${k.namespaced ? " and namespace" : ""}; add the fields to own.`).trimEnd(),
  );
  const params = k.namespaced ? "name: string, namespace?: string" : "name: string";
  w.block(`export function ${applyFactory}(${params}): ${applyType} {`, () =>
    w.line(`return ${rt}.applyConfiguration(${tsString(apiVersion)}, ${tsString(k.name)}, name${k.namespaced ? ", namespace" : ""});`),
  );
  w.line("");
}

function groupVersionFile(ctx: GeneratorContext, pkg: PackageModel, kinds: readonly KindModel[]): string {
  const w = new CodeWriter();
  const cls = groupVersionClientName(pkg);
  w.reserve(cls, ...kinds.map(kindClientName), ...kinds.map(kindFactoryName));
  const rt = w.importNamespace(ctx.options.runtimeImport, "runtime");
  for (const k of kinds) {
    w.import(siblingModule(kindFileName(k)), kindClientName(k), true);
    w.import(siblingModule(kindFileName(k)), kindFactoryName(k));
  }
  w.line(docComment(`The clients of ${pkg.id.group}/${pkg.id.version}, one accessor per kind.`).trimEnd());
  w.block(`export class ${cls} {`, () => {
    w.line(`constructor(readonly transport: ${rt}.Transport) {}`);
    for (const k of kinds) {
      w.line("");
      if (k.namespaced) {
        w.line(docComment(`${k.name} objects in \`namespace\`, or in every namespace when it is left out.`).trimEnd());
        w.block(`${kindAccessor(k)}(namespace?: string): ${kindClientName(k)} {`, () =>
          w.line(`return ${kindFactoryName(k)}(this.transport, namespace);`),
        );
      } else {
        w.line(docComment(`${k.name} objects (cluster-scoped).`).trimEnd());
        w.block(`${kindAccessor(k)}(): ${kindClientName(k)} {`, () => w.line(`return ${kindFactoryName(k)}(this.transport);`));
      }
    }
  });
  w.line("");
  for (const k of kinds) w.line(`export * from ${tsString(siblingModule(kindFileName(k)))};`);
  return w.toString();
}

function clientsetFile(ctx: GeneratorContext, pkgs: readonly PackageModel[]): string {
  const w = new CodeWriter();
  w.reserve("Clientset", ...pkgs.map(groupVersionClientName));
  const rt = w.importNamespace(ctx.options.runtimeImport, "runtime");
  for (const pkg of pkgs) w.import(`./${pkg.dir}/index.js`, groupVersionClientName(pkg));
  w.line(docComment(`Clientset: one typed client per group/version, sharing one transport (and its keep-alive connections).`).trimEnd());
  w.block("export class Clientset {", () => {
    w.line(`readonly transport: ${rt}.Transport;`);
    for (const pkg of pkgs) w.line(`readonly #${groupVersionAccessor(pkg)}: ${groupVersionClientName(pkg)};`);
    w.line("");
    w.line(docComment("A clientset over a Transport, or over a new one made from a RestConfig (`loadKubeConfig()`).").trimEnd());
    w.block(`constructor(config: ${rt}.Transport | ${rt}.RestConfig) {`, () => {
      w.line(`this.transport = ${rt}.asTransport(config);`);
      for (const pkg of pkgs) w.line(`this.#${groupVersionAccessor(pkg)} = new ${groupVersionClientName(pkg)}(this.transport);`);
    });
    for (const pkg of pkgs) {
      w.line("");
      w.line(docComment(`The ${pkg.id.group}/${pkg.id.version} clients.`).trimEnd());
      w.block(`${groupVersionAccessor(pkg)}(): ${groupVersionClientName(pkg)} {`, () =>
        w.line(`return this.#${groupVersionAccessor(pkg)};`),
      );
    }
  });
  return w.toString();
}

function clientsetIndex(pkgs: readonly PackageModel[]): string {
  const w = new CodeWriter();
  w.line(`export * from "./clientset.js";`);
  // One namespace per group/version, so kinds of the same name in two versions do not clash.
  for (const pkg of pkgs) w.line(`export * as ${groupVersionAccessor(pkg)} from ${tsString(`./${pkg.dir}/index.js`)};`);
  return w.toString();
}
