import { typeLabel, type MarkerDefinition, type MarkerTarget } from "../markers/index.js";

/** The payload syntax of a marker, e.g. `+kubebuilder:validation:Minimum=<number>`. */
export function payloadSyntax(def: MarkerDefinition): string {
  const p = def.payload;
  switch (p.kind) {
    case "flag":
      return `+${def.name}`;
    case "raw":
      return `+${def.name}[=...]`;
    case "value":
      return p.optional ? `+${def.name}[=<${typeLabel(p.type)}>]` : `+${def.name}=<${typeLabel(p.type)}>`;
    case "args": {
      const parts = p.args.map((a) => (a.optional ? `[${a.name}=<${typeLabel(a.type)}>]` : `${a.name}=<${typeLabel(a.type)}>`));
      if (p.positional) return `+${def.name}=<${p.positional.name}>${parts.length ? "," + parts.join(",") : ""}`;
      return parts.length ? `+${def.name}:${parts.join(",")}` : `+${def.name}`;
    }
  }
}

/** Targets as help text shows them: `field, type`. */
export function targetList(targets: readonly MarkerTarget[]): string {
  const order: MarkerTarget[] = ["package", "type", "field"];
  return order.filter((t) => targets.includes(t)).join(", ");
}

/** One line per argument: `name  type  (optional) help`. */
export function argumentLines(def: MarkerDefinition): string[] {
  const p = def.payload;
  if (p.kind !== "args") return [];
  const all = [...(p.positional ? [{ ...p.positional, name: `${p.positional.name} (first, unnamed)` }] : []), ...p.args];
  return all.map((a) => `${a.name}: ${typeLabel(a.type)}${a.optional ? ", optional" : ""}${a.help ? ` — ${a.help}` : ""}`);
}
