import type { Options as PrettierOptions } from "prettier";
import { generatedLine } from "./generated-line.js";

/** Prettier options pinned here so formatting never depends on an ambient .prettierrc. */
const prettierOptions: PrettierOptions = {
  parser: "typescript",
  // Without a .ts file path prettier guesses whether the text is JSX with a multiline regex whose
  // cost grows with the square of the line count (minutes for a file of a few thousand copies);
  // generated files are .ts, which is never JSX, so the guess is not needed.
  filepath: "zz_generated.ts",
  printWidth: 100,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  quoteProps: "as-needed",
  trailingComma: "all",
  bracketSpacing: true,
  arrowParens: "always",
  endOfLine: "lf",
};

/** The header every generated file starts with: the user's header text (comment lines) then the generated line. */
export function headerText(header: string, comment: "//" | "#"): string {
  let lines = header.replace(/\r/g, "").replace(/\n+$/, "");
  // A header of plain text (a licence pasted as is) becomes line comments, so it can never be read as code.
  if (lines !== "" && !/^\s*(\/\/|\/\*)/.test(lines))
    lines = lines
      .split("\n")
      .map((l) => (l ? `// ${l}` : "//"))
      .join("\n");
  const user = lines === "" ? "" : `${comment === "#" ? toHashComment(lines) : lines}\n\n`;
  return `${user}${generatedLine(comment)}\n`;
}

function toHashComment(text: string): string {
  return text
    .split("\n")
    .map((l) => {
      const m = /^\s*(\/\/|\/\*+|\*\/|\*)\s?(.*)$/.exec(l);
      const body = m ? (m[2] ?? "").replace(/\*\/$/, "").trimEnd() : l;
      return body === "" ? "#" : `# ${body}`;
    })
    .filter((l, i, all) => !(l === "#" && (i === 0 || i === all.length - 1)))
    .join("\n");
}

/** Formats TypeScript with the pinned prettier options; a formatter failure is a bug in a generator, so it is reported with the text. */
export async function formatTypeScript(code: string): Promise<string> {
  // Imported on first use: a run whose files all come from the format cache never loads prettier.
  const prettier = await import("prettier");
  try {
    return await prettier.format(code, prettierOptions);
  } catch (e) {
    // The whole text, numbered, so the bug report shows what the generator wrote, not only where prettier stopped.
    const numbered = code
      .split("\n")
      .map((l, i) => `${String(i + 1).padStart(4)} | ${l}`)
      .join("\n");
    throw new Error(`a generator wrote TypeScript that does not parse (a bug in kube-codegen): ${(e as Error).message}\n${numbered}`, {
      cause: e,
    });
  }
}
