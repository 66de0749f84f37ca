// CRD updates (ValidateCustomResourceDefinitionUpdate): the create rules on the new object,
// plus what may not change — metadata.name, spec.group and spec.names.plural always, scope and
// names.kind once the CRD is Established — and stored versions carried over from the old
// status (the new storage version is appended first, as the server's PrepareForUpdate does).
// The server relaxes some schema rules for CRDs that were already invalid when stored; we do
// not, since every CRD the test server holds passed these checks on create.
import { REFERENCE_MINOR } from "./server-versions.js";
import { decodeCrd } from "./decode.js";
import type { InternalCrd } from "../types/index.js";
import { FieldPath } from "./field-path.js";
import { checkApiApproval, checkMetaFields, checkTypeMeta } from "./object-meta.js";
import { invalid, type CrdProblem } from "./problem.js";
import { checkSpec, checkStoredVersionsAndPruning } from "./spec.js";

/** Options for an update check. */
export interface CrdUpdateOptions {
  /** Whether the stored CRD has condition Established=True (locks scope and names.kind). */
  established?: boolean;
  /** The minor version (1.x) whose CEL environment and cost estimate apply, as for checkCrd. */
  serverVersion?: number;
}

function immutable(path: FieldPath, now: string, before: string): CrdProblem[] {
  return now === before ? [] : [invalid(path, now, "field is immutable")];
}

function oldStoredVersions(old: unknown): string[] {
  const sv = (old as { status?: { storedVersions?: unknown } } | null)?.status?.storedVersions;
  return Array.isArray(sv) ? sv.filter((x): x is string => typeof x === "string") : [];
}

function withStoredVersions(crd: InternalCrd, stored: string[]): InternalCrd {
  const out = [...stored];
  const storage = crd.versions.find((v) => v.storage);
  if (storage !== undefined && !out.includes(storage.name)) out.push(storage.name);
  return { ...crd, storedVersions: out };
}

/** Every reason the server would reject replacing `oldCrd` (as stored, with status) by `newCrd`. */
export function checkCrdUpdate(newCrd: unknown, oldCrd: unknown, opts: CrdUpdateOptions = {}): CrdProblem[] {
  const kindProblems = checkTypeMeta(newCrd);
  if (kindProblems.length > 0) return kindProblems;
  const decoded = decodeCrd(newCrd);
  if (decoded.problems.length > 0) return decoded.problems;
  const old = decodeCrd(oldCrd).crd;
  const crd = withStoredVersions(decoded.crd, oldStoredVersions(oldCrd));
  const spec = FieldPath.root("spec");
  const minor = opts.serverVersion ?? REFERENCE_MINOR;
  const out: CrdProblem[] = [
    ...immutable(FieldPath.root("metadata", "name"), crd.name, old.name),
    ...checkMetaFields(crd),
    ...checkSpec(crd, minor),
  ];
  if (opts.established === true) {
    out.push(
      ...immutable(spec.child("scope"), crd.scope, old.scope),
      ...immutable(spec.child("names", "kind"), crd.names.kind, old.names.kind),
    );
  }
  out.push(
    ...immutable(spec.child("group"), crd.group, old.group),
    ...immutable(spec.child("names", "plural"), crd.names.plural, old.names.plural),
  );
  out.push(...checkStoredVersionsAndPruning(crd, old.preserveUnknownFields, minor), ...checkApiApproval(crd, old));
  return out;
}
