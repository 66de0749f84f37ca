// Stage: generators. Each generator is a pure function from the model and options to files; it
// never touches the file system, the clock or ts-morph nodes. They are listed here explicitly,
// in the order they run.
import type { GeneratorName } from "../config/index.js";
import { clientGenerator } from "./client/generate.js";
import { crdGenerator } from "./crd/generate.js";
import { deepcopyGenerator } from "./deepcopy/generate.js";
import { informerGenerator } from "./informer/generate.js";
import { listerGenerator } from "./lister/generate.js";
import { registerGenerator } from "./register/generate.js";
import type { Generator } from "./types.js";

export * from "./types.js";

/** Every generator by name. */
export const generators: ReadonlyMap<GeneratorName, Generator> = new Map<GeneratorName, Generator>([
  ["deepcopy", deepcopyGenerator],
  ["register", registerGenerator],
  ["crd", crdGenerator],
  ["client", clientGenerator],
  ["lister", listerGenerator],
  ["informer", informerGenerator],
]);
