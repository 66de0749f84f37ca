// The one table of the options `generate` and `verify` take. The yargs flags (src/cli), the config
// file's JSON Schema (config-schema.ts, committed as config.schema.json), the defaults and the
// option table of docs/reference/config.md (scripts/update-docs.ts) are all derived from it, so a
// new option is one new row.
import { generatorNames } from "./options.js";

/**
 * How an option's value is written: `list` is comma-separated on the command line, a string or a
 * list of strings in the file; `integer` is a number on the command line and a whole number in the file.
 */
export type OptionType = "string" | "integer" | "boolean" | "list";

/** One option of `generate` and `verify`. */
export interface OptionSpec {
  /** The camelCase name: the config file's key (when `inConfigFile`) and the key of RawOptions. */
  readonly key: string;
  /** The flag's name without the dashes, e.g. `crd-output`. */
  readonly flag: string;
  readonly type: OptionType;
  /** Whether the config file may set it (flags about the file itself or about printing may not). */
  readonly inConfigFile: boolean;
  /** The default value, when the option has one. */
  readonly default?: string;
  /** What the default means when there is no default value, e.g. "all" or "none". */
  readonly defaultText?: string;
  /** One sentence in Markdown (backticks for code); --help prints it with the backticks removed. */
  readonly description: string;
  /**
   * The only values a string option takes (any other is a usage error, KCG1018), or each item of a
   * list takes; the schema gives them to editors as completions.
   */
  readonly values?: readonly string[];
  /** The least value an `integer` option takes. */
  readonly minimum?: number;
}

/** The options, in the order --help and docs/reference/config.md list them. */
export const optionTable = [
  {
    key: "config",
    flag: "config",
    type: "string",
    inConfigFile: false,
    defaultText: "`kube-codegen.config.json` when present",
    description: "the config file to read",
  },
  {
    key: "input",
    flag: "input",
    type: "string",
    inConfigFile: true,
    default: "apis",
    description: "root of the API packages, `<input>/<group>/<version>/*.ts`; `deepcopy` and `register` write next to the types",
  },
  {
    key: "output",
    flag: "output",
    type: "string",
    inConfigFile: true,
    default: "generated",
    description:
      "where the `client`, `lister` and `informer` generators write (`<output>/clientset/`, `<output>/listers/`, `<output>/informers/`)",
  },
  {
    key: "crdOutput",
    flag: "crd-output",
    type: "string",
    inConfigFile: true,
    default: "config/crd/bases",
    description: "where the `crd` generator writes (kubebuilder's layout)",
  },
  {
    key: "controllers",
    flag: "controllers",
    type: "list",
    inConfigFile: true,
    defaultText: "none",
    description:
      "the controller sources whose `+kubebuilder:rbac` and `+kubebuilder:webhook` markers the `rbac` and `webhook` generators read: `.ts` files or directories (searched for `.ts` files), comma-separated on the command line, a string or a list in the file",
  },
  {
    key: "rbacOutput",
    flag: "rbac-output",
    type: "string",
    inConfigFile: true,
    default: "config/rbac",
    description: "where the `rbac` generator writes `role.yaml` (kubebuilder's layout)",
  },
  {
    key: "roleName",
    flag: "role-name",
    type: "string",
    inConfigFile: true,
    default: "manager-role",
    description:
      "the name of the ClusterRole (and of each namespace's Role) the `rbac` generator writes, as controller-gen's `rbac:roleName`",
  },
  {
    key: "webhookOutput",
    flag: "webhook-output",
    type: "string",
    inConfigFile: true,
    default: "config/webhook",
    description: "where the `webhook` generator writes `manifests.yaml` (kubebuilder's layout)",
  },
  {
    key: "generators",
    flag: "generators",
    type: "list",
    inConfigFile: true,
    defaultText: "all",
    values: [...generatorNames, "all"],
    description:
      "`deepcopy`, `register`, `conversion`, `crd`, `client`, `lister`, `informer` (which brings `client` and `lister`), `rbac`, `webhook` or `all`: comma-separated on the command line, a string or a list in the file",
  },
  {
    key: "header",
    flag: "header",
    type: "string",
    inConfigFile: true,
    defaultText: "none",
    description: "file whose text starts every generated file",
  },
  {
    key: "maxDescLen",
    flag: "max-desc-len",
    type: "integer",
    inConfigFile: true,
    defaultText: "no limit",
    minimum: 0,
    description: "truncate CRD descriptions like controller-gen's `maxDescLen`; 0 drops them",
  },
  {
    key: "crdCompat",
    flag: "crd-compat",
    type: "string",
    inConfigFile: true,
    default: "current",
    values: ["current", "v0.13"],
    description:
      "the controller-gen whose description layout CRDs follow: `current` as v0.14 and later write them (doc-comment line breaks kept, as YAML literal blocks), `v0.13` as v0.13 and earlier did (lines joined with spaces), for projects whose CRDs must still diff clean against v0.13's",
  },
  {
    key: "boundsMerge",
    flag: "bounds-merge",
    type: "string",
    inConfigFile: true,
    default: "allOf",
    values: ["allOf", "field"],
    description:
      "how a field's bound (`Minimum`, `MaxLength`, `MaxItems`, `Pattern` ...) meets the same keyword set on its named type: `allOf` keeps both as controller-gen writes them (`allOf: [type's, field's]`), `field` writes only the field's, on the node, where the API server's CEL cost estimate reads bounds (it ignores those inside `allOf`)",
  },
  {
    key: "runtimeImport",
    flag: "runtime-import",
    type: "string",
    inConfigFile: true,
    default: "@kube-codegen/runtime",
    description: "the module specifier generated code imports the runtime from",
  },
  {
    key: "serverVersions",
    flag: "server-versions",
    type: "string",
    inConfigFile: true,
    default: "1.35-1.37",
    description:
      "the kube-apiserver versions the offline CRD checks model, e.g. `1.24-1.37` or `1.24,1.37` (1.24 to 1.37): a CRD some of them reject (a CEL rule over an older version's cost budget) is a warning naming those versions, one all of them reject an error; a CRD some of them accept with a warning (an unrecognized format) is a warning naming those",
  },
  {
    key: "cacheDir",
    flag: "cache-dir",
    type: "string",
    inConfigFile: true,
    default: "node_modules/.cache/kube-codegen",
    description:
      "where `generate` keeps what it may reuse on the next run (parsed files, CRDs, formatted files), keyed by content; safe to delete at any time, and never read by `verify`",
  },
  {
    key: "cache",
    flag: "cache",
    type: "boolean",
    inConfigFile: false,
    defaultText: "on",
    description: "reuse unchanged work from the cache directory; `--no-cache` computes everything again and leaves the cache alone",
  },
  { key: "quiet", flag: "quiet", type: "boolean", inConfigFile: false, defaultText: "off", description: "print only errors" },
  { key: "verbose", flag: "verbose", type: "boolean", inConfigFile: false, defaultText: "off", description: "list every file" },
] as const satisfies readonly OptionSpec[];

type Row = (typeof optionTable)[number];
type ValueOf<T extends OptionType> = T extends "string"
  ? string
  : T extends "integer"
    ? number
    : T extends "boolean"
      ? boolean
      : string | readonly string[];

/** Options as they come from flags or the config file, before defaults (printing flags excluded: the cli reads those). */
export type RawOptions = { [R in Exclude<Row, { type: "boolean" }> as R["key"]]?: ValueOf<R["type"]> | undefined };

/** The keys a config file may hold, in table order. */
export const CONFIG_KEYS: readonly string[] = optionTable.filter((o) => o.inConfigFile).map((o) => o.key);

/** Each option's flag as written on the command line, by key: `crdOutput` → `--crd-output`. */
export function flagOf(key: string): string {
  return `--${optionTable.find((o) => o.key === key)?.flag ?? key}`;
}

/** Defaults, chosen to match kubebuilder's layout where it has one. */
export const defaults = Object.fromEntries(optionTable.flatMap((o) => ("default" in o ? [[o.key, o.default]] : []))) as {
  readonly [R in Extract<Row, { default: string }> as R["key"]]: R["default"];
};
