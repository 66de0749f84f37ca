// Scale subresource paths and printer columns: simple JSON paths starting with ".", replicas
// paths under .spec / .status, the column types and formats the server knows.
import type { InternalColumn, InternalSubresources } from "../types/index.js";
import type { FieldPath } from "./field-path.js";
import { invalid, required, type CrdProblem } from "./problem.js";

const columnTypes = ["boolean", "date", "integer", "number", "string"];
const columnFormats = ["byte", "date", "date-time", "double", "float", "int32", "int64", "password"];

/** validateSimpleJSONPath */
function simpleJsonPath(s: string, path: FieldPath): CrdProblem[] {
  if (s.length === 0) return [invalid(path, s, "must not be empty")];
  if (!s.startsWith(".")) return [invalid(path, s, "must be a simple json path starting with .")];
  return [];
}

function underPrefix(s: string, path: FieldPath, prefixes: string[], detail: string): CrdProblem[] {
  const errs = simpleJsonPath(s, path);
  if (errs.length > 0) return errs;
  return prefixes.some((p) => s.startsWith(p)) ? [] : [invalid(path, s, detail)];
}

/** ValidateCustomResourceDefinitionSubresources */
export function checkSubresources(sub: InternalSubresources | undefined, path: FieldPath): CrdProblem[] {
  const scale = sub?.scale;
  if (scale === undefined) return [];
  const out: CrdProblem[] = [];
  const specPath = path.child("scale.specReplicasPath");
  if (scale.specReplicasPath === "") out.push(required(specPath, ""));
  else out.push(...underPrefix(scale.specReplicasPath, specPath, [".spec."], "should be a json path under .spec"));
  const statusPath = path.child("scale.statusReplicasPath");
  if (scale.statusReplicasPath === "") out.push(required(statusPath, ""));
  else out.push(...underPrefix(scale.statusReplicasPath, statusPath, [".status."], "should be a json path under .status"));
  if (scale.labelSelectorPath !== undefined && scale.labelSelectorPath !== "") {
    out.push(
      ...underPrefix(
        scale.labelSelectorPath,
        path.child("scale.labelSelectorPath"),
        [".spec.", ".status."],
        "should be a json path under either .spec or .status",
      ),
    );
  }
  return out;
}

/** ValidateCustomResourceColumnDefinition */
export function checkColumn(col: InternalColumn, path: FieldPath): CrdProblem[] {
  const out: CrdProblem[] = [];
  if (col.name === "") out.push(required(path.child("name"), ""));
  const typeMsg = `must be one of ${columnTypes.join(",")}`;
  if (col.type === "") out.push(required(path.child("type"), typeMsg));
  else if (!columnTypes.includes(col.type)) out.push(invalid(path.child("type"), col.type, typeMsg));
  if (col.format !== "" && !columnFormats.includes(col.format)) {
    out.push(invalid(path.child("format"), col.format, `must be one of ${columnFormats.join(",")}`));
  }
  if (col.JSONPath === "") out.push(required(path.child("JSONPath"), ""));
  else out.push(...simpleJsonPath(col.JSONPath, path.child("JSONPath")));
  return out;
}
