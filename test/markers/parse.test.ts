import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MarkerRegistry, parseMarkers, parseMarkersAbove, isMarkerLine } from "../../src/markers/index.js";
import { lines, one, testRegistry } from "./helpers.js";

describe("parseMarkers: markers and description", () => {
  it("separates markers from the description and keeps paragraphs", () => {
    const r = parseMarkers(
      lines(["Foo is a thing.", "It has two lines.", "", "", "Second paragraph.", "+demo:flag", ""]),
      "type",
      testRegistry(),
    );
    assert.equal(r.description, "Foo is a thing.\nIt has two lines.\n\nSecond paragraph.");
    assert.deepEqual(
      r.markers.map((m) => m.name),
      ["demo:flag"],
    );
    assert.deepEqual(r.diagnostics, []);
  });

  it("drops marker lines without leaving blank lines, TODO lines, and text after ---", () => {
    const r = parseMarkers(lines(["Intro.", "+demo:flag", "More.", "TODO: fix this", "---", "internal notes"]), "type", testRegistry());
    assert.equal(r.description, "Intro.\nMore.");
  });

  it("keeps TODO and --- inside fenced code", () => {
    const r = parseMarkers(lines(["Example:", "```", "TODO", "---", "```", "End."]), "type", testRegistry());
    assert.equal(r.description, "Example:\n```\nTODO\n---\n```\nEnd.");
  });

  it("excludes markers of unknown namespaces from the description but does not report them", () => {
    const r = parseMarkers(lines(["Doc.", "+other:thing=1", "+1 is not a marker"]), "type", testRegistry());
    assert.equal(r.description, "Doc.\n+1 is not a marker");
    assert.deepEqual(r.markers, []);
    assert.deepEqual(r.diagnostics, []);
  });

  it("recognises marker lines", () => {
    assert.equal(isMarkerLine("+a"), true);
    assert.equal(isMarkerLine("   +a:b=c"), true);
    assert.equal(isMarkerLine("+1"), false);
    assert.equal(isMarkerLine("+ a"), false);
    assert.equal(isMarkerLine("a +b"), false);
  });

  it("records raw text, name and position of each marker", () => {
    const r = parseMarkers([{ text: "  +demo:int=5  ", line: 7, col: 6, file: "x/y.ts" }], "field", testRegistry());
    const m = r.markers[0]!;
    assert.equal(m.raw, "+demo:int=5");
    assert.equal(m.name, "demo:int");
    assert.equal(m.def.name, "demo:int");
    assert.deepEqual(m.pos, { file: "x/y.ts", line: 7, col: 8, length: "+demo:int=5".length });
  });

  it("names an args marker by its definition even when written with an argument segment", () => {
    const r = one("+demo:column:name=A,type=date,JSONPath=.a", "type");
    assert.equal(r.marker?.name, "demo:column");
  });
});

describe("parseMarkers: unknown markers and did-you-mean", () => {
  it("reports unknown markers in known namespaces with the closest name", () => {
    const r = one("+demo:fleg", "type");
    assert.equal(r.diag?.code, "KCG1101");
    assert.equal(r.diag?.message, "unknown marker +demo:fleg");
    assert.equal(r.diag?.hint, "did you mean +demo:flag?");
  });

  it("suggests a marker whose case differs", () => {
    const r = one("+demo:Column:name=A", "type");
    assert.equal(r.diag?.code, "KCG1101");
    assert.equal(r.diag?.hint, "did you mean +demo:column?");
  });

  it("suggests by prefix for a misspelled args marker written with an argument segment", () => {
    const r = one("+demo:colum:name=A,type=date,JSONPath=.a", "type");
    assert.equal(r.diag?.code, "KCG1101");
    assert.equal(r.diag?.hint, "did you mean +demo:column?");
  });

  it("prefers suggestions valid on the target", () => {
    const reg = new MarkerRegistry().addNamespace("ns");
    reg.define({ name: "ns:abc", targets: ["package"], payload: { kind: "flag" }, help: "", example: "+ns:abc" });
    reg.define({ name: "ns:abd", targets: ["field"], payload: { kind: "flag" }, help: "", example: "+ns:abd" });
    assert.equal(one("+ns:abx", "field", reg).diag?.hint, "did you mean +ns:abd?");
    assert.equal(one("+ns:abx", "package", reg).diag?.hint, "did you mean +ns:abc?");
  });

  it("points to the marker list when nothing is close", () => {
    const r = one("+demo:zzzzzzzzzzzz", "type");
    assert.equal(r.diag?.code, "KCG1101");
    assert.match(r.diag?.hint ?? "", /kube-codegen markers/);
  });

  it("treats a namespace that is a whole marker name as known (+solo, +solo:x)", () => {
    assert.equal(one("+solo").markers.length, 1);
    assert.equal(one("+solo:x").diag?.code, "KCG1101");
    assert.equal(one("+solox").diagnostics.length, 0);
  });

  it("checks namespaces case-insensitively, to catch +Demo:flag", () => {
    const r = one("+Demo:flag", "type");
    assert.equal(r.diag?.code, "KCG1101");
    assert.equal(r.diag?.hint, "did you mean +demo:flag?");
  });

  it("warns about a namespace that looks misspelled and ignores the marker", () => {
    const reg = new MarkerRegistry().addNamespace("kubething");
    reg.define({ name: "kubething:x", targets: ["field"], payload: { kind: "flag" }, help: "", example: "+kubething:x" });
    const r = one("+kubethnig:x", "field", reg);
    assert.equal(r.markers.length, 0);
    assert.equal(r.diag?.code, "KCG1109");
    assert.equal(r.diag?.severity, "warning");
    assert.equal(r.diag?.hint, "did you mean +kubething:x?");
  });

  it("resolves a registered marker even outside the declared namespaces", () => {
    const reg = new MarkerRegistry();
    reg.define({ name: "enum", targets: ["type"], payload: { kind: "flag" }, help: "", example: "+enum" });
    assert.equal(one("+enum", "type", reg).markers.length, 1);
    assert.equal(one("+enum", "field", reg).diag?.code, "KCG1102");
  });
});

describe("parseMarkers: targets and repeats", () => {
  it("reports a marker on the wrong target and says where it belongs", () => {
    const r = one("+demo:flag", "field");
    assert.equal(r.diag?.code, "KCG1102");
    assert.equal(r.diag?.message, "+demo:flag describes types, not a field");
    assert.match(r.diag?.hint ?? "", /directly above a type declaration/);
    assert.equal(r.markers.length, 0);
  });

  it("lists several targets in the message", () => {
    const r = one("+demo:str=x", "package");
    assert.equal(r.diag?.message, "+demo:str describes types and fields, not a package");
  });

  it("reports a repeated non-repeatable marker at the second one", () => {
    const r = parseMarkers(lines(["+demo:int=1", "doc", "+demo:int=2"]), "field", testRegistry());
    assert.equal(r.diagnostics.length, 1);
    assert.equal(r.diagnostics[0]!.code, "KCG1107");
    assert.equal(r.diagnostics[0]!.line, 3);
    assert.match(r.diagnostics[0]!.message, /first at line 1/);
  });

  it("keeps every occurrence of a repeatable marker in order", () => {
    const r = parseMarkers(lines(["+demo:method=A,verb=get", "+demo:method=B,verb=list"]), "type", testRegistry());
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(
      r.markers.map((m) => (m.value as { name: string }).name),
      ["A", "B"],
    );
  });

  it("continues after a bad marker and reports each problem", () => {
    const r = parseMarkers(lines(["+demo:int=x", "+demo:num=y", "+demo:bool"]), "field", testRegistry());
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.line]),
      [
        ["KCG1103", 1],
        ["KCG1103", 2],
      ],
    );
    assert.deepEqual(
      r.markers.map((m) => m.name),
      ["demo:bool"],
    );
  });
});

describe("parseMarkersAbove", () => {
  it("takes markers from both blocks and the description from the near block", () => {
    const far = lines(["Far text.", "+demo:method=A,verb=get"]);
    const near = lines(["Near text.", "+demo:flag"]).map((l) => ({ ...l, line: l.line + 3 }));
    const r = parseMarkersAbove({ near, far }, "type", testRegistry());
    assert.deepEqual(
      r.markers.map((m) => m.name),
      ["demo:method", "demo:flag"],
    );
    assert.equal(r.description, "Near text.");
  });

  it("detects a non-repeatable marker repeated across the two blocks", () => {
    const far = lines(["+demo:flag"]);
    const near = lines(["+demo:flag"]).map((l) => ({ ...l, line: 3 }));
    const r = parseMarkersAbove({ near, far }, "type", testRegistry());
    assert.equal(r.diagnostics[0]?.code, "KCG1107");
  });
});

describe("raw markers", () => {
  it("take name segments after their own name as part of the text", () => {
    assert.equal(one("+demo:raw:sub:x=1, 2", "field").marker?.value, "sub:x=1, 2");
    assert.equal(one("+demo:raw:flag", "field").marker?.value, "flag");
    assert.equal(one("+demo:raw:flag", "field").marker?.name, "demo:raw");
  });
});
