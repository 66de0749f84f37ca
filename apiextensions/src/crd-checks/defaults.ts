// Defaults must survive pruning unchanged and validate against their own schema (the
// server's structuraldefaulting.ValidateDefaults), reported at `<schema path>.default`.
// Defaults under additionalProperties are not followed, as on the server.
import type { FieldPath } from "./field-path.js";
import { invalid, type CrdProblem } from "./problem.js";
import { nameFormatsAt, REFERENCE_MINOR, wordingOf } from "./server-versions.js";
import type { ServerWording } from "../validation/name-rules.js";
import { pruned } from "./prune.js";
import { canonicalJson, itemSchema, propertyNames } from "./schema-access.js";
import type { InternalSchema } from "../types/index.js";
import { compileNode } from "../validation/schema-node.js";
import { validateSchema } from "../validation/openapi-validate.js";
import { NIL_PATH } from "../validation/field-error.js";
import type { FieldError } from "../validation/index.js";
import type { JSONSchemaProps } from "../types/index.js";

/** ValidateDefaults for a structural schema rooted at `path`. */
export function validateDefaults(path: FieldPath, s: InternalSchema, minor = REFERENCE_MINOR): CrdProblem[] {
  // The server treats the root like an embedded resource: its metadata/apiVersion/kind are meta.
  return walk(path, s, false, { w: wordingOf(minor), nameFormats: nameFormatsAt(minor) }, true);
}

/** How the server of the check words its messages, and whether it knows the Kubernetes name formats. */
interface Release {
  w: ServerWording;
  nameFormats: boolean;
}

function walk(path: FieldPath, s: InternalSchema | undefined, insideMeta: boolean, r: Release, isRoot = false): CrdProblem[] {
  if (s === undefined) return [];
  const out: CrdProblem[] = [];
  const embedded = isRoot || s["x-kubernetes-embedded-resource"] === true;
  if (embedded) insideMeta = false;
  if (s.default !== undefined) out.push(...checkDefault(path.child("default"), s, insideMeta, r));
  out.push(...walk(path.child("items"), itemSchema(s), insideMeta, r));
  for (const k of propertyNames(s)) {
    const subMeta = insideMeta || (embedded && (k === "metadata" || k === "apiVersion" || k === "kind"));
    out.push(...walk(path.child("properties").key(k), s.properties![k], subMeta, r));
  }
  return out;
}

function checkDefault(path: FieldPath, s: InternalSchema, insideMeta: boolean, { w, nameFormats }: Release): CrdProblem[] {
  const out: CrdProblem[] = [];
  const value = s.default;
  if (!insideMeta && canonicalJson(pruned(value, s, s["x-kubernetes-embedded-resource"] === true)) !== canonicalJson(value)) {
    out.push(invalid(path, value, "must not have unknown fields", w));
  }
  // The server validates a default with the very validator custom resources get
  // (ValidateCustomResource below the default's path), so the validation stage's is reused here.
  const errors: FieldError[] = [];
  validateSchema(compileNode(s as JSONSchemaProps, nameFormats), value, "", errors, w);
  for (const e of errors)
    out.push({ reason: e.reason, field: e.field === NIL_PATH ? path.toString() : `${path.toString()}.${e.field}`, message: e.message });
  return out;
}
