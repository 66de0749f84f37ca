import { deepCopyJSON } from "@kube-codegen/runtime";
import type { HelmValues } from "./types.js";

// The escape hatch of the seed's HelmValues: written by hand because `values` is free-form.
// Chart values are JSON data, so a JSON copy is exact; a real project might validate here too.
export function deepCopyHelmValues(src: HelmValues): HelmValues {
  const out: HelmValues = { ...src };
  if (src.values !== undefined) out.values = deepCopyJSON(src.values);
  return out;
}
