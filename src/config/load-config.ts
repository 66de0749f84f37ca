import { posix, resolve } from "node:path";
import { Code, errorAt, type Diagnostic } from "../diagnostics/index.js";
import { pathError, probePath, readText } from "../fs/index.js";
import { parseServerVersions } from "../crd-checks/server-versions.js";
import { generatorNames, generatorRequires, type BoundsMerge, type CrdCompat, type GeneratorName, type Options } from "./options.js";
import { CONFIG_KEYS, configKeyTypes, defaults, flagOf, optionTable, type RawOptions } from "./option-table.js";

/** The file `npm run codegen` reads when no --config is given. */
const CONFIG_FILE = "kube-codegen.config.json";

const configKeys = new Set(CONFIG_KEYS);

type StringRow = Extract<(typeof optionTable)[number], { type: "string"; inConfigFile: true }>;
/** The string options a config file may set: given as "", each is a usage error rather than ".". */
const stringKeys = optionTable.filter((o): o is StringRow => o.inConfigFile && o.type === "string").map((o) => o.key);

/** Resolves options: defaults, then the config file (explicit or ./kube-codegen.config.json), then flags. */
export function resolveOptions(flags: RawOptions, cwd: string): { options?: Options; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  // The default config file counts as absent only when nothing at all is there: a dangling link
  // or a directory of that name is reported, not silently ignored.
  const configPath = flags.config ?? (probePath(resolve(cwd, CONFIG_FILE), CONFIG_FILE).kind !== "missing" ? CONFIG_FILE : undefined);
  let fromFile: RawOptions = {};
  if (configPath) {
    const abs = resolve(cwd, configPath);
    const read = readNamedFile(abs, configPath);
    if (read === "missing") {
      diagnostics.push(errorAt(undefined, Code.configFileMissing, `config file ${configPath} does not exist`));
      return { diagnostics };
    }
    if ("diagnostic" in read) {
      diagnostics.push(read.diagnostic);
      return { diagnostics };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(read.text);
    } catch (e) {
      diagnostics.push(
        errorAt({ file: configPath, line: 1, col: 1 }, Code.configNotJson, `config file is not valid JSON: ${(e as Error).message}`),
      );
      return { diagnostics };
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      const what = Array.isArray(parsed) ? "an array" : parsed === null ? "null" : `a ${typeof parsed}`;
      diagnostics.push(
        errorAt(
          { file: configPath, line: 1, col: 1 },
          Code.badConfigValue,
          `config file must hold a JSON object of options, not ${what}`,
          'e.g. { "input": "apis", "crdOutput": "config/crd/bases" }',
        ),
      );
      return { diagnostics };
    }
    for (const k of Object.keys(parsed)) {
      if (!configKeys.has(k)) {
        const near = closestKey(k);
        const hint = `${near ? `did you mean "${near}"? ` : ""}known keys: ${[...configKeys].join(", ")}`;
        diagnostics.push(errorAt({ file: configPath, line: 1, col: 1 }, Code.unknownConfigKey, `unknown config key "${k}"`, hint));
      }
    }
    fromFile = parsed;
  }
  checkTypes(fromFile, configPath ?? "", diagnostics);
  if (diagnostics.length > 0) return { diagnostics };
  const pick = <K extends keyof RawOptions>(k: K): RawOptions[K] => flags[k] ?? fromFile[k];
  // `--input` with no value arrives as "", which would otherwise mean "." and scan the whole project.
  for (const k of stringKeys) {
    const flag = flagOf(k);
    if (pick(k) === "")
      diagnostics.push(errorAt(undefined, Code.emptyFlag, `${flag} needs a value`, `pass ${flag} VALUE, or leave it out for the default`));
  }
  for (const o of optionTable) {
    if (!("values" in o)) continue;
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
  if (diagnostics.length > 0) return { diagnostics };
  const generators = parseGenerators(pick("generators"), diagnostics);
  const header = pick("header");
  let headerText = "";
  if (header !== undefined) {
    const read = readNamedFile(resolve(cwd, header), header);
    if (read === "missing")
      diagnostics.push(
        errorAt(
          undefined,
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
  if ("diagnostic" in serverVersions) diagnostics.push(serverVersions.diagnostic);
  if (diagnostics.length > 0 || "diagnostic" in serverVersions) return { diagnostics };
  return {
    options: {
      cwd,
      input: normalizeDir(pick("input") ?? defaults.input),
      output: normalizeDir(pick("output") ?? defaults.output),
      crdOutput: normalizeDir(pick("crdOutput") ?? defaults.crdOutput),
      generators,
      ...(header !== undefined ? { header } : {}),
      headerText,
      ...(maxDescLen !== undefined ? { maxDescLen } : {}),
      crdCompat: (pick("crdCompat") ?? defaults.crdCompat) as CrdCompat,
      boundsMerge: (pick("boundsMerge") ?? defaults.boundsMerge) as BoundsMerge,
      runtimeImport: pick("runtimeImport") ?? defaults.runtimeImport,
      serverMinors: serverVersions.minors,
    },
    diagnostics,
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

function parseGenerators(v: string | readonly string[] | undefined, diags: Diagnostic[]): GeneratorName[] {
  if (v === undefined) return [...generatorNames];
  const names = (typeof v === "string" ? v.split(",") : [...v].flatMap((x) => x.split(","))).map((s) => s.trim()).filter(Boolean);
  if (names.includes("all")) return [...generatorNames];
  const out = new Set<GeneratorName>();
  for (const n of names) {
    if ((generatorNames as readonly string[]).includes(n)) out.add(n as GeneratorName);
    else
      diags.push(errorAt(undefined, Code.unknownGenerator, `unknown generator "${n}"`, `choose from ${generatorNames.join(", ")} or all`));
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

function checkTypes(raw: RawOptions, file: string, diags: Diagnostic[]): void {
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    const want = configKeyTypes.get(k);
    if (want === "list") {
      if (typeof v !== "string" && !(Array.isArray(v) && v.every((x) => typeof x === "string"))) {
        diags.push(
          errorAt(
            { file, line: 1, col: 1 },
            Code.badConfigValue,
            `config key "${k}" must be a string or a list of strings`,
            'e.g. "generators": ["deepcopy", "register"] or "all"',
          ),
        );
      }
      continue;
    }
    if (want && typeof v !== want)
      diags.push(errorAt({ file, line: 1, col: 1 }, Code.badConfigValue, `config key "${k}" must be a ${want}, not ${JSON.stringify(v)}`));
  }
}

/**
 * The known key a misspelt one was most likely meant to be: same letters ignoring case, dashes
 * and underscores (crd-output, CRDOutput), one a prefix of the other (maxDescLength), or within two edits.
 */
function closestKey(k: string): string | undefined {
  const squash = (x: string) => x.toLowerCase().replace(/[-_]/g, "");
  let best: string | undefined;
  let bestDist = 3;
  for (const known of CONFIG_KEYS) {
    const [a, b] = [squash(k), squash(known)];
    if (a === b || (Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a)))) return known;
    const d = editDistance(squash(k), squash(known));
    if (d < bestDist) [best, bestDist] = [known, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}
