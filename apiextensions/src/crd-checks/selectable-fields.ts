// A CRD's selectableFields (field selectors on custom resources, on by default from 1.31): each
// jsonPath must name a string, boolean or integer field of the version's schema, outside metadata,
// once; at most eight. The server's ValidateCustomResourceSelectableFields, with its messages.
import type { FieldPath } from "./field-path.js";
import { resolveFieldPath } from "../validation/json-field-path.js";
import { duplicate, invalid, required, tooMany, type CrdProblem } from "./problem.js";
import type { InternalSchema } from "../types/index.js";

/** The most selectable fields a version may have. */
const MAX_SELECTABLE_FIELDS = 8;

/** The problems of `jsonPaths`, the selectable fields of a version whose schema is `schema`. */
export function selectableFieldErrors(jsonPaths: readonly string[], schema: InternalSchema, path: FieldPath): CrdProblem[] {
  const out: CrdProblem[] = [];
  const unique = new Set<string>();
  jsonPaths.forEach((jsonPath, i) => {
    const at = path.index(i).child("jsonPath");
    if (jsonPath === "") {
      out.push(required(at, ""));
      return;
    }
    const resolved = resolveFieldPath(schema, jsonPath, false);
    if ("error" in resolved) {
      out.push(invalid(at, jsonPath, `is an invalid path: ${resolved.error}`));
      return;
    }
    if (resolved.root === "metadata") out.push(invalid(at, jsonPath, "must not point to fields in metadata"));
    const type = resolved.schema?.type;
    if (type !== "string" && type !== "boolean" && type !== "integer")
      out.push(
        invalid(
          at,
          jsonPath,
          "must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.",
        ),
      );
    if (unique.has(resolved.path)) out.push(duplicate(at, jsonPath));
    else unique.add(resolved.path);
  });
  if (unique.size > MAX_SELECTABLE_FIELDS) out.push(tooMany(path, unique.size, MAX_SELECTABLE_FIELDS));
  return out;
}
