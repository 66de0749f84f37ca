import type { HelmValues } from "./types.js";

export function deepCopyHelmValues(src: HelmValues, deep: boolean): object {
  return deep ? { ...src } : src;
}
