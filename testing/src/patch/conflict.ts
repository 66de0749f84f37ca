// Server-side apply conflicts and the 409 Status the server answers with (apiserver's NewConflictError).

import { pathToString, type FieldPath } from "./field-set.js";
import type { JsonObject } from "./json.js";
import type { ManagedEntry } from "./managed-fields.js";

/** One field another manager owns and the apply would change. */
export interface ApplyConflict {
  /** The owning entry's manager name. */
  readonly manager: string;
  readonly operation: "Apply" | "Update";
  readonly apiVersion: string;
  readonly subresource?: string;
  /** The field, as the server prints it: `.spec.replicas`, `.spec.ports[name="http"]`. */
  readonly field: string;
  /** The same field as encoded path elements. */
  readonly path: FieldPath;
}

/** A conflict for each path of `entry` listed in `paths`. */
export function conflictsOf(entry: ManagedEntry, paths: readonly FieldPath[]): ApplyConflict[] {
  return paths.map((path) => ({
    manager: entry.manager,
    operation: entry.operation,
    apiVersion: entry.apiVersion,
    ...(entry.subresource !== undefined ? { subresource: entry.subresource } : {}),
    field: pathToString(path),
    path,
  }));
}

/** How the server names the owner: `"mgr"`, `"mgr" with subresource "status"`, `... using group/version` for updaters. */
export function describeManager(c: Pick<ApplyConflict, "manager" | "operation" | "apiVersion" | "subresource">): string {
  let s = JSON.stringify(c.manager);
  if (c.subresource) s += ` with subresource ${JSON.stringify(c.subresource)}`;
  if (c.operation === "Update") s += ` using ${c.apiVersion}`;
  return s;
}

// The server groups by its JSON manager identifier, whose leading key is the manager name.
function managerSortKey(c: ApplyConflict): string {
  return JSON.stringify({
    manager: c.manager,
    operation: c.operation,
    apiVersion: c.operation === "Apply" ? undefined : c.apiVersion,
    subresource: c.subresource,
  });
}

/** The Status message of a failed apply. */
export function conflictMessage(conflicts: readonly ApplyConflict[]): string {
  const [only] = conflicts;
  if (conflicts.length === 1 && only) {
    return `Apply failed with 1 conflict: conflict with ${describeManager(only)}: ${only.field}`;
  }
  const groups = new Map<string, ApplyConflict[]>();
  for (const c of conflicts) {
    const k = managerSortKey(c);
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  const lines: string[] = [];
  for (const k of [...groups.keys()].sort()) {
    const group = groups.get(k)!;
    lines.push(`conflicts with ${describeManager(group[0]!)}:`);
    for (const c of group) lines.push(`- ${c.field}`);
  }
  return `Apply failed with ${conflicts.length} conflicts: ${lines.join("\n")}`;
}

/** The 409 Status body the server answers a conflicting apply with. */
export function conflictStatus(conflicts: readonly ApplyConflict[]): JsonObject {
  return {
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message: conflictMessage(conflicts),
    reason: "Conflict",
    details: {
      causes: conflicts.map((c) => ({
        reason: "FieldManagerConflict",
        message: `conflict with ${describeManager(c)}`,
        field: c.field,
      })),
    },
    code: 409,
  };
}
