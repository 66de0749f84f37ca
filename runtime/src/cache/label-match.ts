// Label selectors evaluated against cached objects, for listers: the same inputs the client's
// labelSelectorString takes (a string, a metav1.LabelSelector or a plain map), matched as
// labels.Selector.Matches does. A string is parsed with the grammar labels.Parse accepts: "k=v",
// "k==v", "k!=v", "k in (a,b)", "k notin (a,b)", "k", "!k", joined by commas.
import type { LabelSelectorInput } from "../client/label-selector.js";
import { labelSelectorString } from "../client/label-selector.js";

/** A compiled selector: whether a label set matches. */
export type LabelMatcher = (labels: Readonly<Record<string, string>> | undefined) => boolean;

type Requirement = (labels: Readonly<Record<string, string>>) => boolean;

/** The matcher of `selector`; everything matches an absent or empty one. */
export function labelMatcher(selector?: LabelSelectorInput): LabelMatcher {
  if (selector === undefined) return () => true;
  const text = labelSelectorString(selector).trim();
  if (text === "") return () => true;
  const reqs = splitRequirements(text).map(parseRequirement);
  return (labels) => {
    const l = labels ?? {};
    return reqs.every((r) => r(l));
  };
}

// Commas inside "(...)" belong to a value list, not between requirements.
function splitRequirements(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out;
}

const SET = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/;
const EQUALITY = /^([^=!\s]+)\s*(==|=|!=)\s*(\S*)$/;
const EXISTS = /^(!?)\s*([^=!\s()]+)$/;

function parseRequirement(text: string): Requirement {
  const set = SET.exec(text);
  if (set) {
    const [, key, op, list] = set as unknown as [string, string, string, string];
    const values = new Set(list.split(",").map((v) => v.trim()));
    return op === "in" ? (l) => l[key] !== undefined && values.has(l[key]) : (l) => l[key] === undefined || !values.has(l[key]);
  }
  const eq = EQUALITY.exec(text);
  if (eq) {
    const [, key, op, value] = eq as unknown as [string, string, string, string];
    return op === "!=" ? (l) => l[key] !== value : (l) => l[key] === value;
  }
  const ex = EXISTS.exec(text);
  if (ex) {
    const [, not, key] = ex as unknown as [string, string, string];
    return not ? (l) => l[key] === undefined : (l) => l[key] !== undefined;
  }
  throw new Error(`label selector: cannot parse ${JSON.stringify(text)}`);
}
