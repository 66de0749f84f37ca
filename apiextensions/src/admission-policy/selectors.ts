// metav1.LabelSelector against a set of labels (matchLabels and the In, NotIn, Exists, DoesNotExist
// expressions), for namespaceSelector, objectSelector and a paramRef's selector. The test server has
// its own selector library; this package depends on nothing of ours, so the few lines live here too.
import type { Obj } from "./types.js";

const asObj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** Whether a selector is empty: it then selects everything. */
export function isEmptySelector(selector: unknown): boolean {
  const s = asObj(selector);
  const expressions = s["matchExpressions"];
  return Object.keys(asObj(s["matchLabels"])).length === 0 && (!Array.isArray(expressions) || expressions.length === 0);
}

/** Whether `labels` satisfy `selector` (an absent or empty selector matches everything). */
export function selectorMatches(selector: unknown, labels: Record<string, string>): boolean {
  const s = asObj(selector);
  for (const [k, v] of Object.entries(asObj(s["matchLabels"]))) if (labels[k] !== v) return false;
  for (const e of Array.isArray(s["matchExpressions"]) ? s["matchExpressions"] : []) {
    const x = asObj(e);
    const key = String(x["key"]);
    const values = strings(x["values"]);
    const has = Object.hasOwn(labels, key);
    switch (x["operator"]) {
      case "In":
        if (!has || !values.includes(labels[key] ?? "")) return false;
        break;
      case "NotIn":
        if (has && values.includes(labels[key] ?? "")) return false;
        break;
      case "Exists":
        if (!has) return false;
        break;
      case "DoesNotExist":
        if (has) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

/** An object's labels. */
export function labelsOf(o: unknown): Record<string, string> {
  const labels = asObj(asObj(asObj(o)["metadata"])["labels"]);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(labels)) if (typeof v === "string") out[k] = v;
  return out;
}
