// The server's CEL cost budgets and how it words an exceeded one.

/** Per-rule estimated cost limit (StaticEstimatedCostLimit). */
export const RULE_COST_LIMIT = 10_000_000;
/** Estimated cost limit for all rules of one schema (StaticEstimatedCRDCostLimit). */
export const SCHEMA_COST_LIMIT = 100_000_000;

/** getCostErrorMessage: "<name> exceeds budget by factor of <f> (try ...)". */
export function costErrorMessage(name: string, cost: number, limit: number): string {
  const factor = cost / limit;
  let f: string;
  if (factor > 100) f = "more than 100x";
  else if (factor < 1.5) f = `${factor.toFixed(6)}x`;
  else f = `${factor.toFixed(1)}x`;
  return `${name} exceeds budget by factor of ${f} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)`;
}

/** Running total of rule costs for one schema, remembering the four most expensive rules. */
export class CostTotal {
  total = 0;
  readonly mostExpensive: { path: string; cost: number }[] = [];

  /** Adds one rule's cost (already multiplied by how often the rule can run). */
  observe(path: string, cost: number): void {
    this.total += cost;
    // The server names only rules that contribute at least 1% of the total so far (measured on
    // 1.24: after an unbounded rule, a rule of cost 411,842 is not named).
    if (cost < this.total / 100) return;
    this.mostExpensive.push({ path, cost });
    this.mostExpensive.sort((a, b) => b.cost - a.cost);
    if (this.mostExpensive.length > 4) this.mostExpensive.length = 4;
  }
}
