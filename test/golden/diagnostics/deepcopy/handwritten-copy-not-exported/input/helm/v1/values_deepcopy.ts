import type { HelmValues } from "./types.js";

function deepCopyHelmValues(src: HelmValues): HelmValues {
  return { ...src };
}

void deepCopyHelmValues;
