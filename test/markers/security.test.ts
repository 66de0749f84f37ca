import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { valueOf } from "./helpers.js";

// Marker values end up in generated TypeScript and YAML; the parser must hand them over as plain
// data, exactly as written, whatever characters they hold. Escaping is the emitter's job.
const tricky = [
  'say "hi"',
  "back`tick",
  "end */ of comment",
  "/* open",
  "${process.exit(1)}",
  "`${x}`",
  "line1\nline2",
  "tab\there",
  "a: b",
  "- item",
  "key: [1, 2]",
  "&anchor *alias !!tag",
  "# not a comment",
  "{{ template }}",
  "'single'",
  "\\",
  "null",
  "true",
  "0x10",
  "</script>",
  "\u2028\u2029",
  "😀 emoji",
];

/** Go-style double-quoted spelling of any string. */
function quote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, "0")}`;
    else if (c === 0x2028 || c === 0x2029) out += `\\u${c.toString(16)}`;
    else out += ch;
  }
  return out + '"';
}

describe("marker values are data", () => {
  for (const s of tricky) {
    it(`round-trips ${JSON.stringify(s)} through a quoted string value`, () => {
      assert.equal(valueOf(`+demo:str=${quote(s)}`), s);
    });
    it(`round-trips ${JSON.stringify(s)} through a quoted list item and argument`, () => {
      assert.deepEqual(valueOf(`+demo:list={${quote(s)},x}`), [s, "x"]);
      const v = valueOf(`+demo:column:name=${quote(s)},type=string,JSONPath=${quote(s)}`, "type") as Record<string, unknown>;
      assert.equal(v["name"], s);
      assert.equal(v["JSONPath"], s);
    });
    it(`round-trips ${JSON.stringify(s)} through JSON`, () => {
      assert.deepEqual(valueOf(`+demo:json=${JSON.stringify({ k: s, l: [s] })}`), { k: s, l: [s] });
    });
  }

  it("keeps bare top-level text verbatim, quotes and comment closers included", () => {
    for (const s of ['a"b', "x */ y", "${a}", "a: b # c", "it's"]) assert.equal(valueOf(`+demo:str=${s}`), s);
  });

  it("keeps a backtick string raw: backslashes and ${ are not interpreted", () => {
    assert.equal(valueOf('+demo:str=`\\n ${x} "q"`'), '\\n ${x} "q"');
  });

  it("round-trips any string through a quoted value (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (s) => {
        assert.equal(valueOf(`+demo:str=${quote(s)}`), s);
      }),
      { numRuns: 300, seed: 1 },
    );
  });

  it("round-trips any JSON value through +json (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (v) => {
        const json = JSON.stringify(v);
        if (json.includes("\n")) return;
        assert.deepEqual(valueOf(`+demo:json=${json}`), JSON.parse(json));
      }),
      { numRuns: 300, seed: 2 },
    );
  });

  it("returns values that are plain objects and arrays, never functions", () => {
    const v = valueOf("+demo:any={a: {constructor: x, toString: y}, b: [1]}") as Record<string, Record<string, unknown>>;
    assert.equal(typeof v["a"]!["toString"], "string");
    assert.equal(Object.getPrototypeOf(v), Object.prototype);
    assert.ok(Array.isArray(v["b"]));
  });
});
