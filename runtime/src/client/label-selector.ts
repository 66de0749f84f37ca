// Label selectors as the API's query string wants them, from a metav1.LabelSelector or a plain
// map, written as labels.Selector.String() writes them: requirements sorted by key, values sorted,
// "k=v", "k in (a,b)", "k notin (a,b)", "k", "!k". An unknown operator or a misplaced value list
// is an error here, where the caller can see it, not a 400 from the server.
import type { LabelSelector, LabelSelectorRequirement } from "../core/apimachinery.js";

/** A selector as a string, a metav1.LabelSelector, or a map of labels that must all equal. */
export type LabelSelectorInput = string | LabelSelector | Readonly<Record<string, string>>;

function isLabelSelector(s: object): s is LabelSelector {
  const keys = Object.keys(s);
  // A label may itself be called "matchLabels"; its value would then be a string, not an object.
  return (
    keys.length > 0 &&
    keys.every((k) => (k === "matchLabels" || k === "matchExpressions") && typeof (s as Record<string, unknown>)[k] === "object")
  );
}

function requirement(r: LabelSelectorRequirement): string {
  const values = [...(r.values ?? [])].sort();
  switch (r.operator) {
    case "In":
    case "NotIn":
      if (values.length === 0) throw new Error(`label selector: ${r.operator} on ${JSON.stringify(r.key)} needs at least one value`);
      return `${r.key} ${r.operator === "In" ? "in" : "notin"} (${values.join(",")})`;
    case "Exists":
    case "DoesNotExist":
      if (values.length > 0) throw new Error(`label selector: ${r.operator} on ${JSON.stringify(r.key)} takes no values`);
      return r.operator === "Exists" ? r.key : `!${r.key}`;
    default:
      throw new Error(`label selector: unknown operator ${JSON.stringify(r.operator)} (In, NotIn, Exists, DoesNotExist)`);
  }
}

/** The query-string form of `selector`; "" selects everything. */
export function labelSelectorString(selector: LabelSelectorInput): string {
  if (typeof selector === "string") return selector;
  const parts: [string, string][] = [];
  if (isLabelSelector(selector)) {
    for (const [k, v] of Object.entries(selector.matchLabels ?? {})) parts.push([k, `${k}=${v}`]);
    for (const r of selector.matchExpressions ?? []) parts.push([r.key, requirement(r)]);
  } else {
    for (const [k, v] of Object.entries(selector as Record<string, string>)) parts.push([k, `${k}=${v}`]);
  }
  // Stable sort by key only, so two requirements on one key keep their order (as labels.Selector).
  return parts
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map((p) => p[1])
    .join(",");
}
