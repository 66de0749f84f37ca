import { lowerFirst } from "../../model/index.js";

/** The conversion file's name in each spoke and hub package directory. */
export const CONVERSION_FILE = "zz_generated.conversion.ts";

/** A version as a name part: versions are identifiers already (`v1beta1`); anything else becomes `_`. */
function part(version: string): string {
  return version.replace(/[^A-Za-z0-9_$]/g, "_");
}

/**
 * `convert_v1_Widget_To_v2_Widget`: conversion-gen's `Convert_<pkg>_<Type>_To_<pkg>_<Type>`, lower
 * first as a TypeScript function. Generated when every field converts, else written by hand.
 */
export function convertName(fromVersion: string, type: string, toVersion: string): string {
  return `convert_${part(fromVersion)}_${type}_To_${part(toVersion)}_${type}`;
}

/** `autoConvert_v1_Widget_To_v2_Widget`: the fields that convert, always generated, as conversion-gen's. */
export function autoName(fromVersion: string, type: string, toVersion: string): string {
  return `auto${convertName(fromVersion, type, toVersion).replace(/^c/, "C")}`;
}

/** `widgetSpokeConversion`: a spoke's SpokeConversion of a kind. */
export function spokeTableName(kind: string): string {
  return `${lowerFirst(kind)}SpokeConversion`;
}

/** `widgetConversion`: the hub's ConvertibleKind of a kind. */
export function hubTableName(kind: string): string {
  return `${lowerFirst(kind)}Conversion`;
}
