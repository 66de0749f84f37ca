// Stage: generators. Each generator is a pure function from the model and options to files; it
// never touches the file system, the clock or compiler nodes. They are listed here explicitly,
// in the order they run.
import type { GeneratorName } from "../config/index.js";
import { clientGenerator } from "./client/generate.js";
import { conversionGenerator } from "./conversion/generate.js";
import { crdGenerator } from "./crd/generate.js";
import { deepcopyGenerator } from "./deepcopy/generate.js";
import { informerGenerator } from "./informer/generate.js";
import { listerGenerator } from "./lister/generate.js";
import { rbacGenerator } from "./rbac/generate.js";
import { registerGenerator } from "./register/generate.js";
import { webhookGenerator } from "./webhook/generate.js";
import type { Generator, GeneratorContext, OwnedArea } from "./types.js";

export * from "./types.js";

/** Every generator by name. */
export const generators: ReadonlyMap<GeneratorName, Generator> = new Map<GeneratorName, Generator>([
  ["deepcopy", deepcopyGenerator],
  ["register", registerGenerator],
  ["conversion", conversionGenerator],
  ["crd", crdGenerator],
  ["client", clientGenerator],
  ["lister", listerGenerator],
  ["informer", informerGenerator],
  ["rbac", rbacGenerator],
  ["webhook", webhookGenerator],
]);

/** The name of every file kube-codegen writes into API packages (`zz_generated.deepcopy.ts` ...). */
const IN_PACKAGE_FILE = /^zz_generated\..+\.ts$/;

/**
 * Where the run's stale files are looked for. Each generator that runs owns its areas. Besides,
 * every `zz_generated.*.ts` under --input that carries the generated line is kube-codegen's
 * whatever name it has (`zz_generated.old.ts` from an older version, a renamed generator's), so
 * one no run produces is removed; only the names of generators that did not run this time are
 * left alone, since a run of `--generators crd` says nothing about deep copies. Files without
 * the generated line are never touched, as everywhere.
 */
export function ownedAreas(ctx: GeneratorContext, ran: ReadonlySet<string>): OwnedArea[] {
  const areas: OwnedArea[] = [];
  const notRun: RegExp[] = [];
  for (const [name, g] of generators) {
    if (ran.has(name)) areas.push(...g.owns(ctx));
    else
      notRun.push(
        ...g
          .owns(ctx)
          .filter((a) => a.dir === ctx.options.input)
          .map((a) => a.match),
      );
  }
  areas.push({ dir: ctx.options.input, recursive: true, match: IN_PACKAGE_FILE, unless: notRun });
  return areas;
}
