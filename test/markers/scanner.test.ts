import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MarkerSyntaxError } from "../../src/markers/index.js";
import { Scanner, type Token } from "../../src/markers/scanner.js";

function tokens(text: string): Token[] {
  const sc = new Scanner(text, "KCG1103");
  const out: Token[] = [];
  for (;;) {
    const t = sc.next();
    out.push(t);
    if (t.kind === "eof") return out;
  }
}

describe("Scanner", () => {
  it("splits words, punctuation and strings with their offsets", () => {
    assert.deepEqual(
      tokens('name="A b",x={1; 2}:[`r`]').map((t) => [t.kind, t.value, t.start, t.end]),
      [
        ["word", "name", 0, 4],
        ["punct", "=", 4, 5],
        ["string", "A b", 5, 10],
        ["punct", ",", 10, 11],
        ["word", "x", 11, 12],
        ["punct", "=", 12, 13],
        ["punct", "{", 13, 14],
        ["word", "1", 14, 15],
        ["punct", ";", 15, 16],
        ["word", "2", 17, 18],
        ["punct", "}", 18, 19],
        ["punct", ":", 19, 20],
        ["punct", "[", 20, 21],
        ["string", "r", 21, 24],
        ["punct", "]", 24, 25],
        ["eof", "", 25, 25],
      ],
    );
  });

  it("ends a word at a quote and starts a string there", () => {
    assert.deepEqual(
      tokens('a"b"c').map((t) => [t.kind, t.value]),
      [
        ["word", "a"],
        ["string", "b"],
        ["word", "c"],
        ["eof", ""],
      ],
    );
  });

  it("keeps an unpaired backtick inside a word", () => {
    assert.deepEqual(
      tokens("a`b").map((t) => [t.kind, t.value]),
      [
        ["word", "a`b"],
        ["eof", ""],
      ],
    );
  });

  it("marks which quote a string used", () => {
    const [a, b] = tokens('"x" `y`');
    assert.equal(a?.kind === "string" && a.quote, '"');
    assert.equal(b?.kind === "string" && b.quote, "`");
  });

  it("throws a positioned error for an unterminated string", () => {
    assert.throws(
      () => tokens('ab "cd'),
      (e: unknown) => e instanceof MarkerSyntaxError && e.offset === 3 && e.code === "KCG1103" && /unterminated/.test(e.message),
    );
  });

  it("throws a positioned error for a bad escape", () => {
    assert.throws(
      () => tokens('"ab\\zc"'),
      (e: unknown) => e instanceof MarkerSyntaxError && e.offset === 3 && e.length === 2,
    );
  });

  it("peeks without consuming and seeks back", () => {
    const sc = new Scanner("a,b", "KCG1103");
    assert.equal(sc.peek().value, "a");
    assert.equal(sc.peek().value, "a");
    const at = sc.offset();
    sc.next();
    sc.next();
    assert.equal(sc.peek().value, "b");
    sc.seek(at);
    assert.equal(sc.next().value, "a");
  });
});
