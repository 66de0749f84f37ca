// Go %#v renderings of the internal CRD structs that the server embeds in some messages
// ("Invalid value: []apiextensions.CustomResourceDefinitionVersion{...}"). Pointers the
// server would print as addresses are shown as (0x0): the address is meaningless anyway.
import type { InternalColumn, InternalVersion } from "../types/index.js";
import { goQuote } from "./go-value.js";

function goColumn(c: InternalColumn): string {
  return `apiextensions.CustomResourceColumnDefinition{Name:${goQuote(c.name)}, Type:${goQuote(c.type)}, Format:${goQuote(c.format)}, Description:${goQuote(c.description)}, Priority:${c.priority}, JSONPath:${goQuote(c.JSONPath)}}`;
}

function goPtr(type: string, set: boolean): string {
  return set ? `(*${type})(0x0)` : `(*${type})(nil)`;
}

/** `apiextensions.CustomResourceDefinitionVersion{Name:"v1", ...}` */
export function goVersion(v: InternalVersion): string {
  const cols =
    v.additionalPrinterColumns.length === 0
      ? "[]apiextensions.CustomResourceColumnDefinition(nil)"
      : `[]apiextensions.CustomResourceColumnDefinition{${v.additionalPrinterColumns.map(goColumn).join(", ")}}`;
  return (
    `apiextensions.CustomResourceDefinitionVersion{Name:${goQuote(v.name)}, Served:${v.served}, Storage:${v.storage}, ` +
    `Deprecated:${v.deprecated}, DeprecationWarning:${goPtr("string", v.deprecationWarning !== undefined)}, ` +
    `Schema:${goPtr("apiextensions.CustomResourceValidation", v.schema !== undefined)}, ` +
    `Subresources:${goPtr("apiextensions.CustomResourceSubresources", v.subresources !== undefined)}, ` +
    `AdditionalPrinterColumns:${cols}}`
  );
}

/** `[]apiextensions.CustomResourceDefinitionVersion{...}` */
export function goVersions(vs: readonly InternalVersion[]): string {
  if (vs.length === 0) return "[]apiextensions.CustomResourceDefinitionVersion(nil)";
  return `[]apiextensions.CustomResourceDefinitionVersion{${vs.map(goVersion).join(", ")}}`;
}
