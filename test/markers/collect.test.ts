import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { commentLinesAbove, leadingCommentLines, type CommentLine } from "../../src/markers/index.js";

/** commentLinesAbove for the declaration starting with `decl` in `src`. */
function above(src: string, decl: string): { near: CommentLine[]; far: CommentLine[] } {
  const offset = src.indexOf(decl);
  assert.ok(offset >= 0);
  return commentLinesAbove(src, offset, "f.ts");
}

const texts = (ls: readonly CommentLine[]) => ls.map((l) => l.text);

describe("commentLinesAbove: gengo's two-block rule", () => {
  it("takes the // block directly above as near", () => {
    const src = ["// unrelated", "", "", "// Foo is a foo.", "// +genclient", "export interface Foo {}"].join("\n");
    const r = above(src, "export interface Foo");
    assert.deepEqual(texts(r.near), ["Foo is a foo.", "+genclient"]);
    assert.deepEqual(r.far, []);
  });

  it("takes a far block separated by exactly one blank line", () => {
    const src = ["// +genclient", "// +k8s:deepcopy-gen=true", "", "// Foo doc.", "export interface Foo {}"].join("\n");
    const r = above(src, "export interface Foo");
    assert.deepEqual(texts(r.far), ["+genclient", "+k8s:deepcopy-gen=true"]);
    assert.deepEqual(texts(r.near), ["Foo doc."]);
  });

  it("does not take a block separated by two blank lines", () => {
    const src = ["// +genclient", "", "", "// Foo doc.", "export interface Foo {}"].join("\n");
    const r = above(src, "export interface Foo");
    assert.deepEqual(r.far, []);
    assert.deepEqual(texts(r.near), ["Foo doc."]);
  });

  it("takes no third block", () => {
    const src = ["// third", "", "// far", "", "// near", "interface Foo {}"].join("\n");
    const r = above(src, "interface Foo");
    assert.deepEqual(texts(r.near), ["near"]);
    assert.deepEqual(texts(r.far), ["far"]);
  });

  it("with nothing directly above, takes a block ending two lines up as far", () => {
    const src = ["// +genclient", "", "export interface Foo {}"].join("\n");
    const r = above(src, "export interface Foo");
    assert.deepEqual(r.near, []);
    assert.deepEqual(texts(r.far), ["+genclient"]);
  });

  it("with nothing directly above and two blank lines, takes nothing", () => {
    const src = ["// +genclient", "", "", "export interface Foo {}"].join("\n");
    const r = above(src, "export interface Foo");
    assert.deepEqual(r, { near: [], far: [] });
  });

  it("stops at code: comments of the previous declaration's body are not taken", () => {
    const src = ["interface A {", "  x: string; // trailing", "}", "// +genclient", "interface B {}"].join("\n");
    const r = above(src, "interface B");
    assert.deepEqual(texts(r.near), ["+genclient"]);
    assert.deepEqual(r.far, []);
  });

  it("does not take a far block that ends in a code line's trailing comment", () => {
    const src = ["const x = 1; // +genclient", "", "// near", "interface B {}"].join("\n");
    const r = above(src, "interface B");
    assert.deepEqual(texts(r.near), ["near"]);
    assert.deepEqual(r.far, []);
  });

  it("attaches markers between two declarations to the following one", () => {
    const src = ["interface A {}", "// +genclient", "interface B {}"].join("\n");
    assert.deepEqual(texts(above(src, "interface B").near), ["+genclient"]);
    assert.deepEqual(above(src, "interface A"), { near: [], far: [] });
  });

  it("reads /** */ blocks, ignoring leading * and the opener and closer lines", () => {
    const src = [
      "/**",
      " * Foo is a foo.",
      " *",
      " * +genclient",
      " * +kubebuilder:resource:scope=Cluster",
      " */",
      "export interface Foo {}",
    ].join("\n");
    const r = above(src, "export interface Foo");
    assert.deepEqual(texts(r.near), ["Foo is a foo.", "", "+genclient", "+kubebuilder:resource:scope=Cluster"]);
  });

  it("reads a one-line /** */ block", () => {
    const src = ["/** +genclient */", "export interface Foo {}"].join("\n");
    const r = above(src, "export interface Foo");
    assert.deepEqual(texts(r.near), ["+genclient"]);
    assert.equal(r.near[0]!.col, 5);
  });

  it("reads text on the opener and closer lines of a block", () => {
    const src = ["/** First line", " * middle", " * last */", "interface Foo {}"].join("\n");
    assert.deepEqual(texts(above(src, "interface Foo").near), ["First line", "middle", "last"]);
  });

  it("treats a /** */ block and a // run on adjacent lines as one group", () => {
    const src = ["// +genclient", "/** Foo doc. */", "interface Foo {}"].join("\n");
    assert.deepEqual(texts(above(src, "interface Foo").near), ["+genclient", "Foo doc."]);
  });

  it("combines a /** */ far block with a // near block", () => {
    const src = ["/**", " * +genclient", " */", "", "// Foo doc.", "interface Foo {}"].join("\n");
    const r = above(src, "interface Foo");
    assert.deepEqual(texts(r.far), ["+genclient"]);
    assert.deepEqual(texts(r.near), ["Foo doc."]);
  });

  it("does not take a block comment that starts after code", () => {
    const src = ["let x = 1; /* a", " b */", "interface Foo {}"].join("\n");
    assert.deepEqual(above(src, "interface Foo"), { near: [], far: [] });
  });

  it("gives each line's 1-based line and column, and the file", () => {
    const src = ["", "  // +genclient", "  /**", "   * +optional", "   */", "  foo: string;"].join("\n");
    const r = above(src, "foo:");
    assert.deepEqual(r.near, [
      { text: "+genclient", line: 2, col: 6, file: "f.ts" },
      { text: "+optional", line: 4, col: 6, file: "f.ts" },
    ]);
  });

  it("strips exactly one space after //, keeping indentation for code in docs", () => {
    const src = ["//   indented", "//no space", "interface Foo {}"].join("\n");
    const r = above(src, "interface Foo");
    assert.deepEqual(texts(r.near), ["  indented", "no space"]);
    assert.equal(r.near[1]!.col, 3);
  });

  it("accepts an offset that points at the declaration's own JSDoc (getStart(true))", () => {
    const src = ["// +genclient", "", "/** Foo doc. */", "export interface Foo {}"].join("\n");
    const r = commentLinesAbove(src, src.indexOf("/** Foo"), "f.ts");
    assert.deepEqual(texts(r.near), ["Foo doc."]);
    assert.deepEqual(texts(r.far), ["+genclient"]);
  });

  it("handles CRLF line endings", () => {
    const src = ["// +genclient", "", "// Foo doc.", "export interface Foo {}"].join("\r\n");
    const r = above(src, "export interface Foo");
    assert.deepEqual(texts(r.near), ["Foo doc."]);
    assert.deepEqual(texts(r.far), ["+genclient"]);
  });

  it("works for properties inside an interface", () => {
    const src = [
      "interface Spec {",
      "  // +optional",
      "  a?: string;",
      "",
      "  // Doc of b.",
      "  // +kubebuilder:validation:Minimum=1",
      "  b: number;",
      "}",
    ].join("\n");
    assert.deepEqual(texts(above(src, "a?:").near), ["+optional"]);
    const b = above(src, "b: number");
    assert.deepEqual(texts(b.near), ["Doc of b.", "+kubebuilder:validation:Minimum=1"]);
    assert.deepEqual(texts(b.far), []);
  });

  it("returns nothing for a declaration with code before it on the same line", () => {
    const src = ["// +genclient", "let a = 1; interface Foo {}"].join("\n");
    assert.deepEqual(above(src, "interface Foo"), { near: [], far: [] });
  });
});

describe("leadingCommentLines", () => {
  it("returns every comment before the first statement, across blank lines", () => {
    const src = [
      "// Copyright header",
      "",
      "// Package v1 is the v1 API.",
      "// +groupName=example.com",
      "/**",
      " * +k8s:deepcopy-gen=package",
      " */",
      "",
      "export {};",
      "// +later",
    ].join("\n");
    const r = leadingCommentLines(src, "doc.ts");
    assert.deepEqual(texts(r), ["Copyright header", "Package v1 is the v1 API.", "+groupName=example.com", "+k8s:deepcopy-gen=package"]);
    assert.deepEqual(r[2], { text: "+groupName=example.com", line: 4, col: 4, file: "doc.ts" });
  });

  it("reads a file that is only comments", () => {
    assert.deepEqual(texts(leadingCommentLines("// +groupName=a.b\n", "doc.ts")), ["+groupName=a.b"]);
    assert.deepEqual(leadingCommentLines("", "doc.ts"), []);
  });

  it("skips a shebang and a BOM", () => {
    assert.deepEqual(texts(leadingCommentLines("#!/usr/bin/env node\n// +groupName=a.b\n", "doc.ts")), ["+groupName=a.b"]);
    const bom = leadingCommentLines("\uFEFF// +groupName=a.b\n", "doc.ts");
    assert.deepEqual(texts(bom), ["+groupName=a.b"]);
  });

  it("stops at an unterminated block comment without inventing lines", () => {
    assert.deepEqual(texts(leadingCommentLines("// a\n/* b\n", "doc.ts")), ["a"]);
  });
});
