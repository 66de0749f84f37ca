import { diagnosticCodes, inlineCode, markdownCell } from "../diagnostics/index.js";
import type { MarkerRegistry } from "../markers/index.js";
import type { KubeMarkerDefinition } from "./definition.js";
import { argumentLines, payloadSyntax, targetList } from "./syntax.js";

/** Groups the registry's definitions by family, families in `order`, markers by name within each. */
export function byFamily(registry: MarkerRegistry, order: readonly string[]): { family: string; defs: KubeMarkerDefinition[] }[] {
  const groups = new Map<string, KubeMarkerDefinition[]>();
  for (const d of registry.all() as KubeMarkerDefinition[]) {
    const fam = d.family ?? "Other";
    const list = groups.get(fam) ?? [];
    list.push(d);
    groups.set(fam, list);
  }
  const names = [...order.filter((f) => groups.has(f)), ...[...groups.keys()].filter((f) => !order.includes(f)).sort()];
  return names.map((family) => ({ family, defs: groups.get(family)! }));
}

/** What `kube-codegen markers` prints: every marker by family, with targets, syntax, help and an example. */
export function formatHelp(registry: MarkerRegistry, order: readonly string[]): string {
  const out: string[] = [
    "Markers are comment lines starting with + above a declaration (or in doc.ts for packages).",
    'Values: bare or "quoted" or `raw` strings; lists a;b or {a,b}; maps {k: v}; +default takes JSON.',
    "",
  ];
  for (const { family, defs } of byFamily(registry, order)) {
    out.push(family, "=".repeat(family.length));
    for (const d of defs) {
      out.push(`  ${payloadSyntax(d)}`);
      out.push(
        `      on: ${targetList(d.targets)}${d.repeatable ? "; repeatable" : ""}${d.deprecated ? `; deprecated: ${d.deprecated}` : ""}`,
      );
      out.push(`      ${d.help}`);
      for (const a of argumentLines(d)) out.push(`        ${a}`);
      out.push(`      example: ${d.example}`);
    }
    out.push("");
  }
  out.push("Diagnostics", "===========");
  for (const c of diagnosticCodes.filter((x) => x.family === "11")) out.push(`  ${c.code} (${c.severity}): ${c.meaning}`);
  return out.join("\n") + "\n";
}

/** The marker reference of docs/reference/markers.md: one table per family (the codes are in docs/reference/diagnostics.md). */
export function referenceMarkdown(registry: MarkerRegistry, order: readonly string[]): string {
  const out: string[] = [
    "## Marker reference",
    "",
    "Generated from the marker declarations in `src/vocab`; `kube-codegen markers` prints the same.",
    "",
  ];
  for (const { family, defs } of byFamily(registry, order)) {
    out.push(`### ${family}`, "", "| Marker | On | Description | Example |", "| --- | --- | --- | --- |");
    for (const d of defs) {
      const args = argumentLines(d);
      const help = [d.help, ...(d.repeatable ? ["Repeatable."] : []), ...(d.deprecated ? [`Deprecated: ${d.deprecated}.`] : [])].join(" ");
      const argText = args.length ? `<br>${args.map((a) => `• ${a}`).join("<br>")}` : "";
      out.push(
        `| ${markdownCell(inlineCode(payloadSyntax(d)))} | ${targetList(d.targets)} | ${markdownCell(help)}${markdownCell(argText)} | ${markdownCell(inlineCode(d.example))} |`,
      );
    }
    out.push("");
  }
  return out.join("\n") + "\n";
}
