// scaffold: `kube-codegen init`, `kube-codegen create api` and `create webhook`, kubebuilder's project layout adapted
// to TypeScript (docs/guide/scaffolding.md). Names are checked first (names.ts), then a plan is
// made from templates, pure functions of those names (templates/), and the files the project
// already has (plan.ts); the command writes it only when nothing is in the way, so neither
// command ever replaces a file. It imports the model's naming and the client generator's names,
// so what it scaffolds (file names, the clientset's accessors, the CRD's file) is what `generate`
// will write.
export {
  planInit,
  planCreateApi,
  planCreateWebhook,
  type CreateApiArgs,
  type CreateWebhookArgs,
  type ScaffoldPlan,
  type ReadFile,
} from "./plan.js";
export type { ScaffoldVersions } from "./templates/init-files.js";
