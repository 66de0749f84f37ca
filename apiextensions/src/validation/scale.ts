// The scale subresource checks the server runs on every write of a CRD with a scale subresource
// (customResourceValidator.ValidateScaleSpec/ValidateScaleStatus): replica fields must be int64 values in
// [0, MaxInt32] and the label selector a string. Paths are reported as written in the CRD (".spec.replicas").
import type { FieldError } from "./types.js";
import type { ScaleSubresource } from "../types/index.js";
import { invalid } from "./field-error.js";
import { goPlainV, goTypeName } from "./go-format.js";
import { isObject } from "./schema-node.js";

const MAX_INT32 = 2147483647;

/** unstructured.NestedFieldNoCopy plus the type check of NestedInt64/NestedString. */
function nested(obj: unknown, jsonPath: string, want: "int64" | "string"): { value: unknown; error?: string } {
  const fields = jsonPath.replace(/^\./, "").split(".");
  let cur: unknown = obj;
  for (let i = 0; i < fields.length; i++) {
    if (!isObject(cur)) {
      if (i === 0 || cur === undefined) return { value: undefined };
      const at = "." + fields.slice(0, i).join(".");
      return {
        value: undefined,
        error: `${at} accessor error: ${goPlainV(cur)} is of the type ${goTypeName(cur)}, expected map[string]interface{}`,
      };
    }
    cur = cur[fields[i] ?? ""];
    if (cur === undefined) return { value: undefined };
  }
  const ok = want === "int64" ? typeof cur === "number" && Number.isInteger(cur) : typeof cur === "string";
  if (!ok)
    return {
      value: undefined,
      error: `.${fields.join(".")} accessor error: ${goPlainV(cur)} is of the type ${goTypeName(cur)}, expected ${want}`,
    };
  return { value: cur };
}

function checkReplicas(obj: unknown, jsonPath: string, out: FieldError[]): void {
  const r = nested(obj, jsonPath, "int64");
  const n = typeof r.value === "number" ? r.value : 0;
  if (r.error !== undefined) out.push(invalid(jsonPath, n, r.error));
  else if (n < 0) out.push(invalid(jsonPath, n, "should be a non-negative integer"));
  else if (n > MAX_INT32) out.push(invalid(jsonPath, n, `should be less than or equal to ${MAX_INT32}`));
}

/** Validates the scale subresource fields of a custom resource (on a status update, all but the spec's replicas). */
export function validateScale(obj: Record<string, unknown>, scale: ScaleSubresource, out: FieldError[], statusOnly = false): void {
  if (!statusOnly) checkReplicas(obj, scale.specReplicasPath, out);
  checkReplicas(obj, scale.statusReplicasPath, out);
  if (scale.labelSelectorPath !== undefined) {
    const r = nested(obj, scale.labelSelectorPath, "string");
    if (r.error !== undefined) out.push(invalid(scale.labelSelectorPath, "", r.error));
  }
}
