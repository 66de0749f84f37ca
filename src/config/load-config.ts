import { posix, resolve } from "node:path";
import { Code, errorAt, type Diagnostic, type SourcePos } from "../diagnostics/index.js";
import { pathError, probePath, readText } from "../fs/index.js";
import { parseServerVersions } from "@kube-codegen/apiextensions/server-versions";
import { choiceHint, readConfigFile } from "./config-file.js";
import { generatorNames, generatorRequires, type BoundsMerge, type CrdCompat, type GeneratorName, type Options } from "./options.js";
import { defaults, flagOf, optionTable, type RawOptions } from "./option-table.js";

/** The file `npm run codegen` reads when no --config is given. */
const CONFIG_FILE = "kube-codegen.config.json";

type StringRow = Extract<(typeof optionTable)[number], { type: "string"; inConfigFile: true }>;
/** The string options a config file may set: given as "", each is a usage error rather than ".". */
const stringKeys = optionTable.filter((o): o is StringRow => o.inConfigFile && o.type === "string").map((o) => o.key);

/**
 * Resolves options: defaults, then the config file (explicit or ./kube-codegen.config.json), then
 * flags. `sources` holds the config file's text by the path its diagnostics name, for excerpts.
 */
export function resolveOptions(
  flags: RawOptions,
  cwd: string,
): { options?: Options; diagnostics: Diagnostic[]; sources: ReadonlyMap<string, string> } {
  const diagnostics: Diagnostic[] = [];
  const sources = new Map<string, string>();
  // The default config file counts as absent only when nothing at all is there: a dangling link
  // or a directory of that name is reported, not silently ignored.
  const configPath = flags.config ?? (probePath(resolve(cwd, CONFIG_FILE), CONFIG_FILE).kind !== "missing" ? CONFIG_FILE : undefined);
  let fromFile: RawOptions = {};
  let positionOf: ((key: string) => SourcePos | undefined) | undefined;
  // Where a value the file set sits, for the checks the schema cannot make (does the header file
  // exist?); undefined when a flag gave the value, as flags have no position.
  const filePos = (key: keyof RawOptions): SourcePos | undefined =>
    flags[key] === undefined && fromFile[key] !== undefined ? positionOf?.(key) : undefined;
  if (configPath) {
    const abs = resolve(cwd, configPath);
    const read = readNamedFile(abs, configPath);
    if (read === "missing") {
      diagnostics.push(errorAt(undefined, Code.configFileMissing, `config file ${configPath} does not exist`));
      return { diagnostics, sources };
    }
    if ("diagnostic" in read) {
      diagnostics.push(read.diagnostic);
      return { diagnostics, sources };
    }
    sources.set(configPath, read.text);
    const file = readConfigFile(read.text, configPath);
    if ("diagnostics" in file) return { diagnostics: file.diagnostics, sources };
    // The schema has checked each value's type, so the values are RawOptions.
    fromFile = file.values;
    positionOf = file.positionOf;
  }
  const pick = <K extends keyof RawOptions>(k: K): RawOptions[K] => flags[k] ?? fromFile[k];
  // The file's values have passed the schema; these checks are for the flags. `--input` with no
  // value arrives as "", which would otherwise mean "." and scan the whole project.
  for (const k of stringKeys) {
    const flag = flagOf(k);
    if (pick(k) === "")
      diagnostics.push(errorAt(undefined, Code.emptyFlag, `${flag} needs a value`, `pass ${flag} VALUE, or leave it out for the default`));
  }
  for (const o of optionTable) {
    if (!("values" in o) || o.type !== "string") continue;
    const v = pick(o.key);
    if (typeof v === "string" && !(o.values as readonly string[]).includes(v))
      diagnostics.push(
        errorAt(
          undefined,
          Code.badOptionValue,
          `${flagOf(o.key)} (or ${o.key}) must be one of ${o.values.join(", ")}, not "${v}"`,
          `e.g. ${flagOf(o.key)}=${o.values[o.values.length - 1] ?? ""}`,
        ),
      );
  }
  if (diagnostics.length > 0) return { diagnostics, sources };
  const generators = parseGenerators(pick("generators"), diagnostics);
  const header = pick("header");
  let headerText = "";
  if (header !== undefined) {
    const read = readNamedFile(resolve(cwd, header), header);
    if (read === "missing")
      diagnostics.push(
        errorAt(
          filePos("header"),
          Code.headerFileMissing,
          `header file ${header} does not exist`,
          "pass --header FILE or remove the header option",
        ),
      );
    else if ("diagnostic" in read) diagnostics.push(read.diagnostic);
    else headerText = read.text;
  }
  const maxDescLen = pick("maxDescLen");
  if (maxDescLen !== undefined && (!Number.isInteger(maxDescLen) || maxDescLen < 0)) {
    diagnostics.push(
      errorAt(
        undefined,
        Code.badMaxDescLen,
        `--max-desc-len must be a whole number >= 0${Number.isNaN(maxDescLen) ? "" : `, not ${String(maxDescLen)}`}`,
      ),
    );
  }
  const serverVersions = resolveServerVersions(pick("serverVersions"));
  if ("diagnostic" in serverVersions) diagnostics.push({ ...serverVersions.diagnostic, ...filePos("serverVersions") });
  if (diagnostics.length > 0 || "diagnostic" in serverVersions) return { diagnostics, sources };
  return {
    options: {
      cwd,
      input: normalizeDir(pick("input") ?? defaults.input),
      output: normalizeDir(pick("output") ?? defaults.output),
      crdOutput: normalizeDir(pick("crdOutput") ?? defaults.crdOutput),
      controllers: listOf(pick("controllers")).map(normalizeDir),
      rbacOutput: normalizeDir(pick("rbacOutput") ?? defaults.rbacOutput),
      roleName: pick("roleName") ?? defaults.roleName,
      webhookOutput: normalizeDir(pick("webhookOutput") ?? defaults.webhookOutput),
      generators,
      ...(header !== undefined ? { header } : {}),
      headerText,
      ...(maxDescLen !== undefined ? { maxDescLen } : {}),
      crdCompat: (pick("crdCompat") ?? defaults.crdCompat) as CrdCompat,
      boundsMerge: (pick("boundsMerge") ?? defaults.boundsMerge) as BoundsMerge,
      runtimeImport: pick("runtimeImport") ?? defaults.runtimeImport,
      serverMinors: serverVersions.minors,
      cacheDir: normalizeDir(pick("cacheDir") ?? defaults.cacheDir),
    },
    diagnostics,
    sources,
  };
}

/**
 * A --server-versions value (flag or config key; undefined for the default) as the minor versions it
 * names, or its KCG1028 diagnostic: the one parse behind generate, verify and validate.
 */
export function resolveServerVersions(text: string | undefined): { minors: number[] } | { diagnostic: Diagnostic } {
  const parsed = parseServerVersions(text ?? defaults.serverVersions);
  if (!("error" in parsed)) return parsed;
  return {
    diagnostic: errorAt(
      undefined,
      Code.badServerVersions,
      `--server-versions: ${parsed.error}`,
      `the default is ${defaults.serverVersions}, the three newest minors the checks model`,
    ),
  };
}

/**
 * A file the user named (config or header): its text, "missing", or why it cannot be used. A
 * directory, FIFO, socket or device is refused without being opened.
 */
function readNamedFile(abs: string, display: string): { text: string } | { diagnostic: Diagnostic } | "missing" {
  const probe = probePath(abs, display);
  if (probe.kind === "missing") return "missing";
  if (probe.kind === "problem") return { diagnostic: probe.diagnostic };
  if (probe.kind !== "file") return { diagnostic: pathError(display, Code.notAFile, `is a ${probe.what}, not a file`) };
  return readText(abs, display);
}

/** A list option as given: comma-separated on the command line, a string or a list of strings in the file. */
function listOf(v: string | readonly string[] | undefined): string[] {
  if (v === undefined) return [];
  return (typeof v === "string" ? v.split(",") : [...v].flatMap((x) => x.split(","))).map((s) => s.trim()).filter(Boolean);
}

function parseGenerators(v: string | readonly string[] | undefined, diags: Diagnostic[]): GeneratorName[] {
  if (v === undefined) return [...generatorNames];
  const names = (typeof v === "string" ? v.split(",") : [...v].flatMap((x) => x.split(","))).map((s) => s.trim()).filter(Boolean);
  if (names.includes("all")) return [...generatorNames];
  const out = new Set<GeneratorName>();
  for (const n of names) {
    if ((generatorNames as readonly string[]).includes(n)) out.add(n as GeneratorName);
    else diags.push(errorAt(undefined, Code.unknownGenerator, `unknown generator "${n}"`, choiceHint(n, [...generatorNames, "all"])));
  }
  for (const g of [...out]) for (const r of generatorRequires[g] ?? []) out.add(r);
  return generatorNames.filter((g) => out.has(g));
}

/**
 * One spelling per directory (`./apis/`, `apis/../apis` and `apis` are all `apis`), because output
 * paths and the paths of existing files are compared as strings when finding stale files.
 */
function normalizeDir(dir: string): string {
  const p = posix.normalize(dir.replace(/\\/g, "/"));
  return p === "/" ? p : p.replace(/\/+$/, "") || ".";
}
