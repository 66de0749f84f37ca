// DeleteOptions from a DELETE's body and query, validated as ValidateDeleteOptions does. Parsing is the
// handler's job, as in kube-apiserver's endpoints/handlers/delete.go; the registry (registry/write-delete.ts)
// gets the parsed options, so the garbage collector and namespace controller can pass their own.
import { badRequest, invalid, type StatusCause } from "../status-errors.js";
import { printStringSlice } from "../registry/write-common.js";
import type { DeleteOptions } from "../registry/write-delete.js";
import type { Emulate } from "../server-state.js";
import { queryBool, queryInt } from "./query-params.js";

/** Parses DeleteOptions from a body (if any) and query parameters, validated as ValidateDeleteOptions does (422),
 *  worded as the emulated server words it. */
export function deleteOptions(body: string, query: URLSearchParams, emulate: Emulate = "1.24"): DeleteOptions {
  let dryRun = query.getAll("dryRun");
  const opts: DeleteOptions = { dryRun: false };
  const policy = query.get("propagationPolicy");
  if (policy) opts.propagationPolicy = policy;
  const grace = queryInt(query, "gracePeriodSeconds");
  if (grace !== undefined) opts.gracePeriodSeconds = grace;
  const orphan = queryBool(query, "orphanDependents");
  if (orphan !== undefined) opts.orphanDependents = orphan;
  if (body.trim()) {
    let parsed: Record<string, unknown>;
    try {
      // A JSON null decodes into Go's DeleteOptions as no options at all, like an empty body.
      parsed = (JSON.parse(body) ?? {}) as Record<string, unknown>;
    } catch {
      throw badRequest(
        "the body of the request was in an unknown format - accepted media types include: application/json, application/yaml",
      );
    }
    const pre = parsed["preconditions"] as DeleteOptions["preconditions"] | undefined;
    if (pre) opts.preconditions = pre;
    if (typeof parsed["propagationPolicy"] === "string") opts.propagationPolicy = parsed["propagationPolicy"];
    if (Array.isArray(parsed["dryRun"])) dryRun = parsed["dryRun"].map(String);
    if (typeof parsed["orphanDependents"] === "boolean") opts.orphanDependents = parsed["orphanDependents"];
    if (typeof parsed["gracePeriodSeconds"] === "number") opts.gracePeriodSeconds = parsed["gracePeriodSeconds"];
  }
  // Negative grace periods count as one second, as BeforeDelete treats them.
  if (opts.gracePeriodSeconds !== undefined && opts.gracePeriodSeconds < 0) opts.gracePeriodSeconds = 1;
  const causes: StatusCause[] = [];
  if (opts.orphanDependents !== undefined && opts.propagationPolicy !== undefined)
    causes.push({
      reason: "FieldValueInvalid",
      message: `Invalid value: ${JSON.stringify(opts.propagationPolicy)}: orphanDependents and deletionPropagation cannot be both set`,
      field: "propagationPolicy",
    });
  if (opts.propagationPolicy !== undefined && !["Orphan", "Background", "Foreground"].includes(opts.propagationPolicy))
    causes.push({
      reason: "FieldValueNotSupported",
      message: `Unsupported value: ${JSON.stringify(opts.propagationPolicy)}: supported values: "Foreground", "Background", "Orphan", "nil"`,
      field: "propagationPolicy",
    });
  if (dryRun.some((d) => d !== "All"))
    causes.push({
      reason: "FieldValueNotSupported",
      message: `Unsupported value: ${printStringSlice(dryRun, emulate)}: supported values: "All"`,
      field: "dryRun",
    });
  if (causes.length > 0) throw invalid("DeleteOptions.meta.k8s.io", { group: "meta.k8s.io", kind: "DeleteOptions" }, "", causes);
  opts.dryRun = dryRun.length > 0;
  if (opts.orphanDependents === true) opts.propagationPolicy = "Orphan";
  return opts;
}
