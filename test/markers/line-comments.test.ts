// lineComments: every `//` comment of a TypeScript file with its position, and nothing from
// strings, template literals or block comments.
import { test } from "node:test";
import assert from "node:assert/strict";
import { lineComments } from "../../src/markers/index.js";

const texts = (src: string) => lineComments(src, "f.ts").map((l) => [l.line, l.col, l.text]);

test("comments at file level, in a class, after code, with their line and the column after //", () => {
  const src = ["// +a", "export class C {", "  // +b", "  run(): void {} // +c", "}", "//", ""].join("\n");
  assert.deepEqual(texts(src), [
    [1, 3, " +a"],
    [3, 5, " +b"],
    [4, 20, " +c"],
    [6, 3, ""],
  ]);
});

test("strings, template literals (with substitutions) and block comments hide // from the reader", () => {
  const src = [
    'const a = "// +no"; // +yes1',
    "const b = '// +no\\' // +no';",
    "const c = `",
    "// +no",
    "${`// +no ${'}'}`} // +no",
    "`; // +yes2",
    "/* // +no",
    "   // +no */ // +yes3",
    "const d = { e: `${{ f: 1 }.f}` }; // +yes4",
    "const g = 'a\\",
    "// +no'; // +yes5",
    "",
  ].join("\n");
  assert.deepEqual(
    texts(src).map(([line, , text]) => [line, text]),
    [
      [1, " +yes1"],
      [6, " +yes2"],
      [8, " +yes3"],
      [9, " +yes4"],
      [11, " +yes5"],
    ],
  );
});

test("CRLF line ends and a byte order mark change no position or text", () => {
  assert.deepEqual(texts("\uFEFF// +a\r\nx; // +b\r\n"), [
    [1, 3, " +a"],
    [2, 6, " +b"],
  ]);
});

test("an unterminated string, template or block comment ends the reading without a throw", () => {
  assert.deepEqual(texts('// +a\nconst s = "open\n// +b'), [
    [1, 3, " +a"],
    [3, 3, " +b"],
  ]);
  assert.deepEqual(texts("// +a\nconst t = `open\n// +no"), [[1, 3, " +a"]]);
  assert.deepEqual(texts("// +a\n/* open\n// +no"), [[1, 3, " +a"]]);
});
