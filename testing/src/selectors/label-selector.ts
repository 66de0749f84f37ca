// Label selector parsing and matching with the grammar and error wording of apimachinery's labels.Parse
// (equality, set-based `in`/`notin`, existence `key` / `!key`, and `gt`/`lt`).
import { badRequest } from "../status-errors.js";
// Label key and value syntax comes from the validation stage, as the registry's metadata checks do.
import { labelValueProblems, qualifiedNameProblems as labelKeyProblems } from "@kube-codegen/apiextensions/on-demand";

type Op = "=" | "!=" | "in" | "notin" | "exists" | "!" | "gt" | "lt";

/** One parsed requirement of a label selector. */
export interface LabelRequirement {
  key: string;
  op: Op;
  values: string[];
}

/** A parsed label selector: every requirement must hold. */
export type LabelSelector = LabelRequirement[];

type Tok = "id" | "(" | ")" | "," | "=" | "==" | "!=" | "!" | "<" | ">" | "in" | "notin" | "eos";

interface Token {
  tok: Tok;
  lit: string;
}

function lex(s: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const special = "()!,=<>";
  while (i < s.length) {
    const c = s[i] ?? "";
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "(" || c === ")" || c === ",") {
      out.push({ tok: c, lit: c });
      i++;
      continue;
    }
    if ("!=<>".includes(c)) {
      let j = i;
      while (j < s.length && "!=<>".includes(s[j] ?? "")) j++;
      const lit = s.slice(i, j);
      const tok: Tok | undefined = ({ "=": "=", "==": "==", "!=": "!=", "!": "!", "<": "<", ">": ">" } as const)[lit as "="];
      out.push({ tok: tok ?? "id", lit });
      i = j;
      continue;
    }
    let j = i;
    while (j < s.length && !/\s/.test(s[j] ?? "") && !special.includes(s[j] ?? "")) j++;
    const lit = s.slice(i, j);
    out.push({ tok: lit === "in" ? "in" : lit === "notin" ? "notin" : "id", lit });
    i = j;
  }
  out.push({ tok: "eos", lit: "" });
  return out;
}

class Parser {
  private pos = 0;
  constructor(private readonly toks: Token[]) {}

  private next(values: boolean, consume: boolean): Token {
    const t = this.toks[Math.min(this.pos, this.toks.length - 1)] ?? { tok: "eos", lit: "" };
    if (consume) this.pos++;
    // In value position the keywords are plain identifiers, as in apimachinery's parser.
    if (values && (t.tok === "in" || t.tok === "notin")) return { tok: "id", lit: t.lit };
    return t;
  }

  parse(): LabelSelector {
    const reqs: LabelSelector = [];
    for (;;) {
      const t = this.next(true, false);
      if (t.tok === "eos") return reqs;
      if (t.tok !== "id" && t.tok !== "!") throw new Error(`found '${t.lit}', expected: !, identifier, or 'end of string'`);
      reqs.push(this.requirement());
      const after = this.next(true, true);
      if (after.tok === "eos") return reqs;
      if (after.tok !== ",") throw new Error(`found '${after.lit}', expected: ',' or 'end of string'`);
      const t2 = this.next(true, false);
      if (t2.tok !== "id" && t2.tok !== "!") throw new Error(`found '${t2.lit}', expected: identifier after ','`);
    }
  }

  private requirement(): LabelRequirement {
    let t = this.next(true, true);
    let negated = false;
    if (t.tok === "!") {
      negated = true;
      t = this.next(true, true);
    }
    if (t.tok !== "id") throw new Error(`found '${t.lit}', expected: identifier`);
    const key = t.lit;
    const keyProblems = labelKeyProblems(key);
    if (keyProblems.length > 0) throw new Error(`key: Invalid value: ${JSON.stringify(key)}: ${keyProblems.join("; ")}`);
    const look = this.next(true, false);
    if (look.tok === "eos" || look.tok === ",") return { key, op: negated ? "!" : "exists", values: [] };
    if (negated) throw new Error(`found '${look.lit}', expected: ',' or 'end of string'`);
    const opTok = this.next(false, true);
    const op = OPS[opTok.tok];
    if (!op) throw new Error(`found '${opTok.lit}', expected: in, notin, =, ==, !=, gt, lt`);
    const values = op === "in" || op === "notin" ? this.setValues() : [this.exactValue()];
    for (const v of values) {
      const p = labelValueProblems(v);
      if (p.length > 0 && op !== "gt" && op !== "lt")
        throw new Error(`values[0][${key}]: Invalid value: ${JSON.stringify(v)}: ${p.join("; ")}`);
    }
    if ((op === "gt" || op === "lt") && !/^-?\d+$/.test(values[0] ?? "")) {
      throw new Error(`for 'Gt', 'Lt' operators, the value must be an integer`);
    }
    return { key, op, values };
  }

  private setValues(): string[] {
    const open = this.next(true, true);
    if (open.tok !== "(") throw new Error(`found '${open.lit}', expected: '('`);
    const look = this.next(true, false);
    if (look.tok === ")") {
      this.pos++;
      return [""];
    }
    if (look.tok !== "id" && look.tok !== ",") throw new Error(`found '${look.lit}', expected: ',', ')' or identifier`);
    const values: string[] = [];
    let expectValue = true;
    for (;;) {
      const t = this.next(true, true);
      if (t.tok === "id") {
        if (!expectValue) throw new Error(`found '${t.lit}', expected: ',' or ')'`);
        values.push(t.lit);
        expectValue = false;
      } else if (t.tok === ",") {
        if (expectValue) values.push("");
        expectValue = true;
      } else if (t.tok === ")") {
        if (expectValue) values.push("");
        return values;
      } else {
        throw new Error(`found '${t.lit}', expected: ',', ')' or identifier`);
      }
    }
  }

  private exactValue(): string {
    const look = this.next(true, false);
    if (look.tok === "eos" || look.tok === ",") return "";
    const t = this.next(true, true);
    if (t.tok !== "id") throw new Error(`found '${t.lit}', expected: identifier`);
    return t.lit;
  }
}

const OPS: Partial<Record<Tok, Op>> = { "=": "=", "==": "=", "!=": "!=", in: "in", notin: "notin", ">": "gt", "<": "lt" };

/** Parses a labelSelector query value; throws a 400 BadRequest Status as the server does. */
export function parseLabelSelector(text: string): LabelSelector {
  try {
    return new Parser(lex(text)).parse();
  } catch (e) {
    throw badRequest(`unable to parse requirement: ${(e as Error).message}`);
  }
}

/** Whether `labels` satisfy every requirement. */
export function matchesLabels(selector: LabelSelector, labels: Record<string, string> | undefined): boolean {
  const l = labels ?? {};
  return selector.every((r) => matchOne(r, l));
}

function matchOne(r: LabelRequirement, labels: Record<string, string>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, r.key);
  const v = labels[r.key];
  switch (r.op) {
    case "=":
      return has && v === r.values[0];
    case "!=":
      return !has || v !== r.values[0];
    case "in":
      return has && r.values.includes(v ?? "");
    case "notin":
      return !has || !r.values.includes(v ?? "");
    case "exists":
      return has;
    case "!":
      return !has;
    case "gt":
    case "lt": {
      if (!has || !/^-?\d+$/.test(v ?? "")) return false;
      const n = Number(v);
      const target = Number(r.values[0]);
      return r.op === "gt" ? n > target : n < target;
    }
  }
}

/** Converts a metav1.LabelSelector (matchLabels / matchExpressions) into requirements. */
export function fromLabelSelectorObject(sel: {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}): LabelSelector {
  const out: LabelSelector = [];
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) out.push({ key: k, op: "=", values: [v] });
  for (const e of sel.matchExpressions ?? []) {
    const op: Op = e.operator === "In" ? "in" : e.operator === "NotIn" ? "notin" : e.operator === "Exists" ? "exists" : "!";
    out.push({ key: e.key, op, values: e.values ?? [] });
  }
  return out;
}

/** Renders requirements back to the text form (used for the scale subresource's status.selector). */
export function formatLabelSelector(sel: LabelSelector): string {
  return sel
    .map((r) => {
      switch (r.op) {
        case "=":
          return `${r.key}=${r.values[0] ?? ""}`;
        case "!=":
          return `${r.key}!=${r.values[0] ?? ""}`;
        case "in":
          return `${r.key} in (${[...r.values].sort().join(",")})`;
        case "notin":
          return `${r.key} notin (${[...r.values].sort().join(",")})`;
        case "exists":
          return r.key;
        case "!":
          return `!${r.key}`;
        case "gt":
          return `${r.key}>${r.values[0] ?? ""}`;
        case "lt":
          return `${r.key}<${r.values[0] ?? ""}`;
      }
    })
    .join(",");
}
