import { createRequire } from "node:module";
import type { Plugin as PrettierPlugin, Options as PrettierOptions } from "prettier";
import { requireCompiled } from "../cache/index.js";
import { statementChunks } from "./format-chunks.js";
import { restoreShape, shapeOf } from "./format-shape.js";
import { generatedLine } from "./generated-line.js";

const require = createRequire(import.meta.url);

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

/** Where formatted texts are kept between runs (the output stage's content-keyed cache). */
export interface FormatStore {
  get(key: string): string | undefined;
  put(key: string, formatted: string): void;
}

/**
 * What one run has formatted, shared by every file it formats: each shape formatted once, and each
 * short text (a statement that recurs verbatim across files: the header, common imports) shaped
 * and written back once.
 */
export interface FormatMemo {
  /** Prettier's output for a shape's key, by that key. */
  readonly shapes: Map<string, Promise<string>>;
  /** The formatted text, by the text, for texts of at most MEMO_TEXT_LENGTH characters. */
  readonly texts: Map<string, Promise<string>>;
}

/** A memo for a new run. */
export function newFormatMemo(): FormatMemo {
  return { shapes: new Map(), texts: new Map() };
}

/**
 * Formats TypeScript with the pinned prettier options: statement by statement where the text splits
 * into top-level statements with certainty (./format-chunks.ts), each by shape (./format-shape.ts)
 * where it has one, so the statements of one run (`memo`) that differ only in their names are
 * formatted once; `store` keeps the formatted texts between runs. The result is always prettier's
 * output for `code`.
 */
export async function formatTypeScript(code: string, store?: FormatStore, memo: FormatMemo = newFormatMemo()): Promise<string> {
  const chunks = statementChunks(code);
  if (chunks.length > 1) {
    // A statement prettier cannot parse alone (the split guessed wrong) sends the whole text the
    // usual way, which formats it or reports it whole.
    const parts = await Promise.all(chunks.map((c) => formatUnit(c, store, memo).catch(() => undefined)));
    if (parts.every((p) => p !== undefined)) return checked(code, parts.join("\n"));
  }
  return checked(code, await formatUnit(code, store, memo));
}

/**
 * Texts longer than this are not kept by text. What recurs verbatim across files is short (the
 * header, common imports: at 1,000 kinds 3,500 of 3,700 repeats were under 128 characters), while a
 * longer statement names its kind and recurs only by shape; keeping every text held the run's whole
 * formatted output twice over, about 16 MB of the peak at 1,000 kinds, for a few hundred saved shapings.
 */
const MEMO_TEXT_LENGTH = 256;

/** Formats one text (a whole file or one statement); a short one once per run. */
function formatUnit(code: string, store: FormatStore | undefined, memo: FormatMemo): Promise<string> {
  if (code.length > MEMO_TEXT_LENGTH) return formatByShape(code, store, memo.shapes);
  let formatted = memo.texts.get(code);
  if (formatted === undefined) {
    formatted = formatByShape(code, store, memo.shapes);
    memo.texts.set(code, formatted);
    // Not kept when it fails, as a shape is not: the caller reports or retries the text its way.
    formatted.catch(() => memo.texts.delete(code));
  }
  return formatted;
}

/** Formats one text by its shape, or directly where it has none. */
async function formatByShape(code: string, store: FormatStore | undefined, shapes: FormatMemo["shapes"]): Promise<string> {
  const shape = shapeOf(code);
  if (shape !== undefined) {
    let formatted = shapes.get(shape.key);
    if (formatted === undefined) {
      formatted = formatStored(shape.key, "shape", store);
      shapes.set(shape.key, formatted);
      // A shape that fails to format is not kept: the direct path below reports the original text.
      formatted.catch(() => shapes.delete(shape.key));
    }
    const restored = await formatted.then(
      (f) => restoreShape(f, shape),
      () => undefined,
    );
    if (restored !== undefined) return restored;
  }
  return formatStored(code, "text", store);
}

async function formatStored(text: string, kind: "shape" | "text", store: FormatStore | undefined): Promise<string> {
  const key = `${kind}\0${text}`;
  const hit = store?.get(key);
  if (hit !== undefined) return hit;
  const formatted = await prettierFormat(text);
  store?.put(key, formatted);
  return formatted;
}

// KUBE_CODEGEN_FORMAT_CHECK=1 formats every text directly as well and throws where the answer by
// statement and shape differs: the suite runs the bundled examples and synthetic APIs with it on.
async function checked(code: string, viaShape: string): Promise<string> {
  if (process.env["KUBE_CODEGEN_FORMAT_CHECK"] !== "1") return viaShape;
  const direct = await prettierFormat(code);
  if (direct !== viaShape) throw new Error(`formatting by statement and shape differs from prettier's output for:\n${code}`);
  return viaShape;
}

/**
 * Prettier's standalone build with only the TypeScript parser and the estree printer: the same
 * printer as `prettier`'s main entry, without its config resolution and plugin discovery, which
 * cost a cold run about 0.2 s before the first file (options are pinned above; nothing is resolved).
 * Their CommonJS builds, so that V8's code cache can be kept for them (../cache/code-cache.ts).
 * Loaded on first use: a run whose files all come from the format cache never loads prettier.
 */
let loaded: ((code: string) => Promise<string>) | undefined;
function loadPrettier(): (code: string) => Promise<string> {
  if (loaded !== undefined) return loaded;
  const load = (specifier: string): unknown => requireCompiled(require.resolve(specifier)).exports;
  const prettier = load("prettier/standalone") as typeof import("prettier/standalone");
  const plugins = [load("prettier/plugins/typescript"), load("prettier/plugins/estree")] as PrettierPlugin[];
  const options = { ...prettierOptions, plugins };
  loaded = (code: string) => prettier.format(code, options);
  return loaded;
}

async function prettierFormat(code: string): Promise<string> {
  const format = loadPrettier();
  try {
    return await format(code);
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
