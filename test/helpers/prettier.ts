// Prettier's own output, from its main entry with the options src/emit/format.ts pins: the judge
// the tests hold kube-codegen's formatting (by statement, by shape, from the cache) to.
import * as prettier from "prettier";

export function prettierOutput(code: string): Promise<string> {
  return prettier.format(code, {
    parser: "typescript",
    filepath: "zz_generated.ts",
    printWidth: 100,
    trailingComma: "all",
    arrowParens: "always",
    endOfLine: "lf",
  });
}
