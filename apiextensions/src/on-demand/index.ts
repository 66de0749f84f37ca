// Entry for the test API server: what it needs of the CRD checks and custom-resource validation, with
// CEL and RE2 loaded on demand (validation/on-demand.ts) instead of at import, so a server whose CRDs
// have no x-kubernetes-validations and no patterns never loads @bufbuild/cel or @bufbuild/re2 (issue
// 26, bench/testing-startup.ts). The functions are the public entries' own; the difference is only
// that checkCrd, checkCrdUpdate and compileSchema need `await prepareFor(crd)` first.
import { celChecks } from "../crd-checks/cel/engine.js";
import { celRules } from "../validation/cel/engine.js";
import { re2 } from "../validation/re2.js";
import { onDemand } from "../validation/on-demand.js";

/** ValidatingAdmissionPolicy evaluation (../admission-policy), with CEL: loaded once a policy exists. */
export const admissionPolicy = onDemand("ValidatingAdmissionPolicy (CEL)", () => import("../admission-policy/index.js"));

export { Reinvocation, type ChainPass } from "../admission-policy/mutating/reinvocation.js";
export { checkCrd } from "../crd-checks/check-crd.js";
export { checkCrdUpdate } from "../crd-checks/update.js";
export { crdWarnings } from "../crd-checks/warnings.js";
export { compileSchema } from "../validation/compile-schema.js";
export { manifestFiles, parseManifests } from "../validation/load-documents.js";
export { parseQuantity } from "../validation/quantity.js";
export { tooLongBytes, validateObjectMeta, validateObjectMetaUpdate, type MetaInput } from "../validation/object-meta.js";
export {
  dns1123LabelProblems,
  dns1123SubdomainProblems,
  qualifiedNameProblems,
  labelValueProblems,
  type NameRule,
  type ServerWording,
} from "../validation/name-rules.js";

/**
 * Loads, once, what checking or compiling `value` (a CRD, a schema, a patch to one, or a list of
 * them, as JSON) may need: CEL when its JSON text names x-kubernetes-validations, RE2 when it names a
 * "pattern" key or hostname (the one format checked with RE2). Text, so that a key anywhere (a JSON
 * patch's path, an escaped spelling once parsed) counts: a superset of what needs them, which at
 * worst loads a module without need. Undefined when nothing need be awaited; concurrent callers
 * share the imports.
 */
export function prepareFor(value: unknown): Promise<void> | undefined {
  if (celChecks.loaded() && celRules.loaded() && re2.loaded()) return undefined;
  const text = JSON.stringify(value) ?? "";
  const loads: Promise<unknown>[] = [];
  if (text.includes("x-kubernetes-validations") && !(celChecks.loaded() && celRules.loaded()))
    loads.push(celChecks.load(), celRules.load());
  if ((text.includes('"pattern"') || text.includes("hostname")) && !re2.loaded()) loads.push(re2.load());
  return loads.length === 0 ? undefined : Promise.all(loads).then(() => undefined);
}
