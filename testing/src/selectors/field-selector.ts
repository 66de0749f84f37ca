// Field selectors: `metadata.name` and `metadata.namespace` for every resource, plus the few extra fields the
// real server indexes for some built-ins. Anything else is "field label not supported", as on a real cluster.
import { badRequest } from "../status-errors.js";

/** One term of a field selector. */
export interface FieldRequirement {
  field: string;
  op: "=" | "!=";
  value: string;
}

/** A parsed field selector: every term must hold. */
export type FieldSelector = FieldRequirement[];

/** Parses a fieldSelector query value, checking the fields against those `supported`; `unsupported` words the 400. */
export function parseFieldSelector(
  text: string,
  supported: readonly string[],
  unsupported: (field: string) => string = (field) => `field label not supported: ${field}`,
): FieldSelector {
  const out: FieldSelector = [];
  if (text.trim() === "") return out;
  for (const term of splitTerms(text)) {
    const m = /^([^=!]*?)\s*(==|!=|=)\s*(.*)$/.exec(term);
    if (!m) throw badRequest(`invalid selector: '${text}'; can't understand '${term}'`);
    const field = (m[1] ?? "").trim();
    const op = m[2] === "!=" ? "!=" : "=";
    if (!supported.includes(field)) throw badRequest(unsupported(field));
    out.push({ field, op, value: unescape(m[3] ?? "") });
  }
  return out;
}

function splitTerms(text: string): string[] {
  // Commas may be escaped with a backslash inside values.
  const terms: string[] = [];
  let cur = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\" && i + 1 < text.length) {
      cur += c + (text[i + 1] ?? "");
      i++;
    } else if (c === ",") {
      terms.push(cur);
      cur = "";
    } else cur += c ?? "";
  }
  terms.push(cur);
  return terms;
}

function unescape(v: string): string {
  return v.replace(/\\(.)/g, "$1");
}

/** Reads a dotted field ("involvedObject.name") from an object as the string the server compares. */
export function fieldValue(obj: Record<string, unknown>, field: string): string {
  // An Event's "source" selects on source.component, or on reportingComponent when that is empty.
  if (field === "source") {
    const source = obj["source"];
    const component = source && typeof source === "object" ? (source as Record<string, unknown>)["component"] : undefined;
    return typeof component === "string" && component !== "" ? component : fieldValue(obj, "reportingComponent");
  }
  let cur: unknown = obj;
  for (const part of field.split(".")) {
    if (cur === null || typeof cur !== "object") return "";
    cur = (cur as Record<string, unknown>)[part];
  }
  if (cur === undefined || cur === null) return "";
  return typeof cur === "string" ? cur : String(cur);
}

/** Whether `obj` satisfies the selector. */
export function matchesFields(sel: FieldSelector, obj: Record<string, unknown>): boolean {
  return sel.every((r) => (fieldValue(obj, r.field) === r.value) === (r.op === "="));
}
