import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { diagnosticCodes } from "../../src/diagnostics/index.js";
import {
  familyOrder,
  formatMarkerHelp,
  kubernetesMarkerDefinitions,
  markerReferenceMarkdown,
  payloadSyntax,
} from "../../src/vocab/index.js";

describe("formatMarkerHelp", () => {
  const help = formatMarkerHelp();
  const lines = help.split("\n");

  it("lists every declared marker with its syntax, targets, help and example", () => {
    for (const d of kubernetesMarkerDefinitions) {
      const i = lines.indexOf(`  ${payloadSyntax(d)}`);
      assert.ok(i >= 0, `no entry for +${d.name}`);
      assert.match(lines[i + 1] ?? "", /^ {6}on: (package|type|field)/);
      assert.equal(lines[i + 2], `      ${d.help}`);
      // The example follows the help and one line per argument (+kubebuilder:webhook has 19).
      const args = d.payload.kind === "args" ? d.payload.args.length : 0;
      const example = lines.slice(i + 3, i + 12 + args).find((l) => l.startsWith("      example: "));
      assert.equal(example, `      example: ${d.example}`);
    }
  });

  it("groups markers by family in the declared order", () => {
    const headings = familyOrder.map((f) => lines.indexOf(f));
    for (const h of headings) assert.ok(h >= 0);
    assert.deepEqual(
      [...headings].sort((a, b) => a - b),
      headings,
    );
    for (const d of kubernetesMarkerDefinitions) {
      const at = lines.indexOf(`  ${payloadSyntax(d)}`);
      const own = lines.indexOf(d.family);
      const next =
        familyOrder.indexOf(d.family) + 1 < familyOrder.length
          ? lines.indexOf(familyOrder[familyOrder.indexOf(d.family) + 1]!)
          : lines.length;
      assert.ok(at > own && at < next, `+${d.name} is not under ${d.family}`);
    }
  });

  it("shows argument lists, repeatability and deprecation", () => {
    assert.ok(
      help.includes(
        "  +kubebuilder:printcolumn:name=<string>,type=<integer|number|string|boolean|date>,JSONPath=<string>,[description=<string>],[format=<string>],[priority=<int>]",
      ),
    );
    assert.ok(help.includes("        JSONPath: string — JSON path of the value, e.g. .status.phase"));
    assert.ok(help.includes("  +genclient:method=<name>,verb=<"));
    assert.ok(help.includes("        name (first, unnamed): string — method name on the typed client"));
    assert.ok(help.includes("      on: type; repeatable"));
    assert.ok(help.includes("deprecated: use +kubebuilder:pruning:PreserveUnknownFields"));
    assert.ok(help.includes("  +kubebuilder:object:root[=<bool>]"));
    assert.ok(help.includes("  +kubebuilder:validation:Minimum=<number>"));
  });

  it("lists the marker diagnostic codes", () => {
    const markerCodes = diagnosticCodes.filter((c) => c.family === "11");
    assert.ok(markerCodes.length >= 10);
    for (const c of markerCodes) assert.ok(help.includes(`  ${c.code} (${c.severity}): ${c.meaning}`), c.code);
  });

  it("is deterministic", () => {
    assert.equal(formatMarkerHelp(), help);
  });
});

describe("markerReferenceMarkdown", () => {
  const md = markerReferenceMarkdown();

  it("has one table row per marker, and leaves the codes to the Diagnostic codes section", () => {
    const rows = md.split("\n").filter((l) => l.startsWith("| `") || l.startsWith("| ``"));
    assert.equal(rows.length, kubernetesMarkerDefinitions.length);
    assert.doesNotMatch(md, /KCG\d{4}/);
  });

  it("has a heading per family", () => {
    for (const f of familyOrder) assert.ok(md.includes(`\n### ${f}\n`), f);
  });

  it("escapes pipes so table rows keep four cells", () => {
    for (const row of md.split("\n").filter((l) => l.startsWith("| `"))) {
      const cells = row.replace(/\\\|/g, "").split("|");
      assert.equal(cells.length, 6, row);
    }
  });

  it("fences examples that contain backticks", () => {
    assert.ok(md.includes('`` +kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp` ``'));
  });
});
