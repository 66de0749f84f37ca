// Marker near misses (KCG1111): a comment line that is a known marker once look-alike characters
// are folded, or once `.` is read as `:`, is reported at the offending character with the marker it
// was meant to be; prose, markers of other namespaces and look-alikes inside values stay silent.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseMarkers, parseMarkersAbove, type CommentLine, type MarkerTarget } from "../../src/markers/index.js";
import { codePointLabel, foldConfusables, showInvisible } from "../../src/markers/confusables.js";
import { kubernetesMarkers } from "../../src/vocab/index.js";

function parse(text: string, target: MarkerTarget = "field") {
  return parseMarkers([{ text, line: 3, col: 4, file: "t.ts" }], target, kubernetesMarkers);
}

function only(text: string, target: MarkerTarget = "field") {
  const r = parse(text, target);
  assert.equal(r.diagnostics.length, 1, JSON.stringify(r.diagnostics));
  assert.equal(r.markers.length, 0);
  return r.diagnostics[0]!;
}

describe("foldConfusables", () => {
  it("maps look-alikes to ASCII, drops invisible characters and records where each was", () => {
    const f = foldConfusables("+o\u200bрtıonаl");
    assert.equal(f.text, "+optional");
    assert.deepEqual(
      f.changes.map((c) => [c.offset, c.char, c.ascii]),
      [
        [2, "\u200b", ""],
        [3, "р", "p"],
        [5, "ı", "i"],
        [8, "а", "a"],
      ],
    );
    assert.equal(f.origin[f.text.indexOf("t")], 4);
    assert.equal(f.origin[f.text.length], "+o\u200bрtıonаl".length);
  });

  it("folds fullwidth forms through NFKC and keeps other letters as written", () => {
    assert.equal(foldConfusables("＋ｋ８ｓ：ｘ＝1").text, "+k8s:x=1");
    assert.equal(foldConfusables("é 中 ß").text, "é 中 ß");
    assert.deepEqual(foldConfusables("é 中 ß").changes, []);
  });
});

describe("near-miss markers (KCG1111)", () => {
  it("warns of a homoglyph at the character, naming its code point and the marker meant", () => {
    const d = only("+kubebuılder:skıpversıon", "type");
    assert.equal(d.code, "KCG1111");
    assert.equal(d.severity, "warning");
    assert.equal(d.col, 4 + "+kubebu".length);
    assert.equal(d.length, 1);
    assert.match(d.message, /U\+0131 LATIN SMALL LETTER DOTLESS I "ı" in place of "i" \(and 2 more look-alikes\)/);
    assert.equal(d.hint, "did you mean +kubebuilder:skipversion?");
  });

  it("warns of a Cyrillic а in a bare marker", () => {
    const d = only("+optional".replace("a", "а"));
    assert.equal(d.code, "KCG1111");
    assert.equal(d.col, 4 + "+option".length);
    assert.match(d.message, /U\+0430 CYRILLIC SMALL LETTER A/);
    assert.equal(d.hint, "did you mean +optional?");
  });

  it("catches a line that is no marker line as written: fullwidth plus, invisible character first", () => {
    const full = only("＋optional");
    assert.equal(full.col, 4);
    assert.match(full.message, /U\+FF0B/);
    const zw = only("\u200b+required");
    assert.match(zw.message, /^<U\+200B>\+required is not a marker/);
    assert.equal(zw.hint, "did you mean +required?");
  });

  it("keeps such lines out of the description", () => {
    const near: CommentLine[] = [
      { text: "Size is the size.", line: 1, col: 4 },
      { text: "＋optional", line: 2, col: 4 },
    ];
    assert.equal(parseMarkers(near, "field", kubernetesMarkers).description, "Size is the size.");
    assert.equal(parseMarkersAbove({ near, far: [] }, "field", kubernetesMarkers).description, "Size is the size.");
  });

  it("warns of `.` for `:` at the dot, in the namespace or after it", () => {
    const ns = only("+kubebuilder.validation:MaxItems=16");
    assert.equal(ns.code, "KCG1111");
    assert.equal(ns.col, 4 + "+kubebuilder".length);
    assert.equal(ns.hint, "did you mean +kubebuilder:validation:MaxItems?");
    const pkg = only("+k8s.deepcopy-gen=package", "package");
    assert.equal(pkg.col, 4 + "+k8s".length);
    assert.equal(pkg.hint, "did you mean +k8s:deepcopy-gen?");
  });

  it("keeps the unknown-marker error for a slip inside a known namespace, with the better message", () => {
    const dot = only("+kubebuilder:validation.MaxItems=16");
    assert.equal(dot.code, "KCG1101");
    assert.equal(dot.hint, "did you mean +kubebuilder:validation:MaxItems?");
    const cyr = only("+kubebuilder:validation:Мinimum=1");
    assert.equal(cyr.code, "KCG1101");
    assert.equal(cyr.severity, "error");
    assert.equal(cyr.col, 4 + "+kubebuilder:validation:".length);
    assert.match(cyr.message, /U\+041C CYRILLIC CAPITAL LETTER EM "М" in place of "M"/);
    assert.equal(cyr.hint, "did you mean +kubebuilder:validation:Minimum?");
  });

  it("stays silent on prose, other namespaces, and look-alikes in a value", () => {
    for (const text of [
      "+this line is prose",
      "+1 for this",
      "+ a plus and words",
      "Привет, мир: +мир",
      "+мир is a Russian word",
      "是否被激活 +中文",
      "see kubebuilder.io/reference",
      "+other.tool:thing=1",
      "+k8s.io/api is a module",
      "ｔｅｘｔ in fullwidth",
    ]) {
      const r = parse(text);
      assert.deepEqual(r.diagnostics, [], text);
    }
    const value = parse("+kubebuilder:validation:Pattern=`^аб$`");
    assert.deepEqual(value.diagnostics, []);
    assert.equal(value.markers.length, 1);
  });

  it("still gives the misspelled-namespace warning (KCG1109) for plain ASCII typos", () => {
    assert.equal(only("+kubebuiler:skipversion", "type").code, "KCG1109");
  });
});

describe("invisible characters (one list in confusables.ts)", () => {
  it("shows every character the fold removes, so no removed character is silent in a message", () => {
    for (let code = 0x80; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCharCode(code);
      if (foldConfusables(char).text !== "") continue;
      assert.equal(showInvisible(char), `<${codePointLabel(char)}>`, codePointLabel(char));
    }
  });

  it("shows control and unfolded format characters too, and leaves visible text alone", () => {
    assert.equal(showInvisible("+a\u0007b\u200ec\u2062d"), "+a<U+0007>b<U+200E>c<U+2062>d");
    assert.equal(showInvisible("+kubebuilder:ok ｋ"), "+kubebuilder:ok ｋ");
  });
});
