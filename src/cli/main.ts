import { existsSync } from "node:fs";
import yargs from "yargs";
// Only the command table loads before yargs answers: the option table (not config/index.js, whose
// config-file reader pulls in ajv and yaml) and the printing. Each handler import()s its command's
// implementation, so `--help`, `--version` and usage errors never load the pipeline (the
// TypeScript compiler, prettier), CEL, RE2 or the test server; test/cli/lazy-loading.test.ts checks it.
import { defaults, optionTable, type OptionSpec, type RawOptions } from "../config/option-table.js";
import type { Options } from "../config/options.js";
import { Console, type Out } from "./console.js";
import { packageVersion } from "./version.js";

/**
 * The command line. Returns the exit code instead of exiting (bin/kube-codegen.js sets it), so
 * tests run it in-process: 0 ok, 1 drift or invalid resources, 2 usage errors or diagnostics.
 */
export async function main(argv: readonly string[], out: Out = Console.std(), cwd: string = process.cwd()): Promise<number> {
  let code = 0;
  const codegenOptions = Object.fromEntries(optionTable.map((o) => [o.flag, yargsOption(o)]));
  const parser = yargs([...argv])
    .scriptName("kube-codegen")
    .strict()
    .help()
    .version("version", "print the version of kube-codegen", packageVersion())
    .alias("version", "V")
    .exitProcess(false)
    .fail((msg, err) => {
      out.err(`kube-codegen: ${msg ?? err?.message ?? "usage error"}\nRun kube-codegen --help for usage.`);
      code = 2;
    })
    .command(
      "generate",
      "generate code and manifests from the API packages",
      (y) => withoutHelpCache(y).options(codegenOptions),
      async (a) => {
        if (code !== 0) return; // yargs already reported a usage error (e.g. an unknown flag)
        code = await withOptions(a, cwd, out, async (o) =>
          (await import("./generate-command.js")).runGenerate(o, "generate", out, printing(a)),
        );
      },
    )
    .command(
      "verify",
      "exit 1 with a diff when generated files are stale",
      (y) => withoutHelpCache(y).options(codegenOptions),
      async (a) => {
        if (code !== 0) return;
        code = await withOptions(a, cwd, out, async (o) =>
          (await import("./generate-command.js")).runGenerate(o, "verify", out, printing(a)),
        );
      },
    )
    .command(
      "markers [filter]",
      "list every marker with its targets, help and an example (only those whose name contains filter, when given)",
      (y) => y.positional("filter", { type: "string", describe: "part of a marker name, e.g. printcolumn, or a diagnostic code" }),
      async (a) => {
        if (code !== 0) return;
        const { formatMarkerHelp } = await import("../vocab/index.js");
        const { filterMarkerHelp } = await import("./markers-command.js");
        if (a.filter === undefined) {
          out.log(formatMarkerHelp());
          return;
        }
        const found = filterMarkerHelp(formatMarkerHelp(), a.filter);
        if (found === undefined) {
          out.err(`kube-codegen markers: no marker name contains "${a.filter}"; run kube-codegen markers for the whole list`);
          code = 2;
          return;
        }
        out.log(found);
      },
    )
    .command(
      "validate [files..]",
      "check CRDs as the API server would, then custom resources (YAML or JSON, multi-document) against them; with no files, the CRDs alone. With --policies, judge resources by the ValidatingAdmissionPolicies, bindings and params in a directory instead. Exit 0 valid, 1 invalid or denied, 2 usage error",
      (y) =>
        y
          .option("crds", { type: "string", describe: "directory (or file) of CRD manifests (required without --policies)" })
          .option("policies", {
            type: "string",
            describe:
              "directory (or file) of ValidatingAdmissionPolicies, their bindings, params and namespaces: judge the files as the API server admits them",
          })
          .option("old", {
            type: "string",
            describe: "with --policies: the stored objects, so each resource is judged as an UPDATE of its own",
          })
          .option("server-versions", yargsOption(serverVersionsRow))
          .positional("files", { type: "string", array: true, describe: "files of resources to validate" })
          .check((a) => {
            if (a.crds === undefined && a.policies === undefined) throw new Error("Missing required argument: crds");
            if (a.old !== undefined && a.policies === undefined) throw new Error("--old needs --policies");
            return true;
          }),
      async (a) => {
        if (code !== 0) return; // yargs already reported a usage error (e.g. no --crds)
        if (typeof a.policies === "string") {
          const { runValidatePolicies } = await import("./validate-policies-command.js");
          code = await runValidatePolicies(a.policies, (a.files ?? []).map(String), a.old, a.crds, out);
          return;
        }
        if (typeof a.crds !== "string") return;
        const { resolveServerVersions } = await import("../config/load-config.js");
        const minors = resolveServerVersions(typeof a.serverVersions === "string" ? a.serverVersions : undefined);
        if ("diagnostic" in minors) {
          out.printDiagnostics([minors.diagnostic], new Map());
          code = 2;
          return;
        }
        const { runValidate } = await import("./validate-command.js");
        code = await runValidate(a.crds, (a.files ?? []).map(String), out, minors.minors);
      },
    )
    .command(
      "import",
      "write an API package of our dialect (doc.ts and annotated types) from third-party CRDs, so that generate gives the same CRDs back",
      (y) =>
        y
          .option("crds", {
            type: "string",
            demandOption: true,
            describe: "a CRD manifest (multi-document YAML or JSON) or a directory of them",
          })
          .option("output", { type: "string", default: "apis", describe: "the input root to write <group>/<version>/ packages into" })
          .option("runtime-import", {
            type: "string",
            default: defaults.runtimeImport,
            describe: "the module the types import the runtime from",
          })
          .option("force", { type: "boolean", default: false, describe: "replace files under --output that differ from what is written" }),
      async (a) => {
        if (code !== 0) return;
        const { runImport } = await import("./import-command.js");
        code = await runImport({ crds: a.crds, output: a.output, runtimeImport: a.runtimeImport, force: a.force }, out, cwd);
      },
    )
    .command(
      "init",
      "scaffold a new operator project in the current directory, as kubebuilder init (never replaces a file)",
      (y) =>
        y
          .option("domain", {
            type: "string",
            demandOption: true,
            describe: "the API groups' suffix: create api --group webapp makes webapp.<domain>",
          })
          .option("owner", {
            type: "string",
            describe: 'the copyright holder in hack/boilerplate.ts.txt (default "The <project> Authors")',
          })
          .option("project-name", { type: "string", describe: "the package's and the manifests' name (default: the directory's name)" }),
      (a) => {
        if (code !== 0) return;
        return import("./scaffold-command.js").then(({ runInit }) => {
          code = runInit(
            {
              domain: a.domain,
              ...(a.owner !== undefined ? { owner: a.owner } : {}),
              ...(a.projectName !== undefined ? { projectName: a.projectName } : {}),
            },
            out,
            cwd,
          );
        });
      },
    )
    .command(
      "create <what>",
      "scaffold a kind (create api): its API package, and with --controller a controller, its test and its setup in cmd/main.ts, as kubebuilder create api; or a kind's webhooks (create webhook), as kubebuilder create webhook",
      (y) =>
        y
          // kubebuilder's --version is the API version here, not kube-codegen's (kube-codegen --version still prints that).
          .version(false)
          .positional("what", { type: "string", choices: ["api", "webhook"], describe: "what to create" })
          .option("group", { type: "string", demandOption: true, describe: "the group's first label: the API group is <group>.<domain>" })
          .option("version", { type: "string", demandOption: true, describe: "the API version, such as v1 or v1beta1" })
          .option("kind", { type: "string", demandOption: true, describe: "the kind, UpperCamelCase" })
          .option("namespaced", { type: "boolean", describe: "create api: namespaced (--namespaced=false: cluster-scoped; default true)" })
          .option("controller", { type: "boolean", describe: "create api: also scaffold a controller and its test" })
          .option("defaulting", { type: "boolean", describe: "create webhook: a defaulting (mutating) webhook" })
          .option("programmatic-validation", { type: "boolean", describe: "create webhook: a validating webhook" })
          .option("conversion", { type: "boolean", describe: "create webhook: the kind's conversions through --version, the hub" })
          .option("spoke", {
            type: "string",
            array: true,
            describe: "create webhook --conversion: the versions converting through the hub (comma-separated or repeated)",
          }),
      (a) => {
        if (code !== 0) return;
        const webhookFlags = ["defaulting", "programmatic-validation", "conversion", "spoke"].filter((f) => a[f] !== undefined);
        const apiFlags = ["namespaced", "controller"].filter((f) => a[f] !== undefined);
        const wrong = a.what === "api" ? webhookFlags : apiFlags;
        if (wrong.length > 0) {
          out.err(
            `kube-codegen: create ${a.what} takes no ${wrong.map((f) => `--${f}`).join(", ")}\nRun kube-codegen create --help for usage.`,
          );
          code = 2;
          return;
        }
        if (a.what === "webhook")
          return import("./scaffold-command.js").then(({ runCreateWebhook }) => {
            code = runCreateWebhook(
              {
                group: a.group,
                version: a.version,
                kind: a.kind,
                defaulting: a.defaulting ?? false,
                programmaticValidation: a.programmaticValidation ?? false,
                conversion: a.conversion ?? false,
                spoke: [...new Set((a.spoke ?? []).flatMap((s) => s.split(",")).map((s) => s.trim()))].filter((s) => s !== ""),
              },
              out,
              cwd,
            );
          });
        return import("./scaffold-command.js").then(({ runCreateApi }) => {
          code = runCreateApi(
            { group: a.group, version: a.version, kind: a.kind, namespaced: a.namespaced ?? true, controller: a.controller ?? false },
            out,
            cwd,
          );
        });
      },
    )
    .command(
      "test-server",
      "start the in-process test API server with the given CRDs; prints the kubeconfig path",
      (y) =>
        y
          .option("crds", {
            type: "string",
            describe: "directory of CRD manifests to serve from the start (default: none; kubectl apply can add them)",
          })
          .option("port", { type: "number", describe: "port on 127.0.0.1 (default: any free port)" })
          .option("tls", { type: "boolean", default: true, describe: "serve HTTPS with a generated certificate" })
          .option("simulate-deployment-status", {
            type: "boolean",
            default: false,
            describe: "fill in Deployment status as if every pod were ready (no controllers run otherwise)",
          })
          .option("authorization-mode", {
            type: "string",
            choices: ["AlwaysAllow", "RBAC"] as const,
            default: "AlwaysAllow" as const,
            describe: "RBAC serves rbac.authorization.k8s.io/v1 and enforces it (the kubeconfig's user stays in system:masters)",
          })
          .option("emulate", {
            type: "string",
            choices: ["1.37", "1.24"] as const,
            default: "1.37" as const,
            describe: "answer as that kube-apiserver where they differ (streaming lists, aggregated discovery)",
          })
          .option("audit-log-path", {
            type: "string",
            describe: "append an audit.k8s.io/v1 Event per request to this file (JSON lines, level Metadata), as kube-apiserver's",
          }),
      async (a) => {
        if (code !== 0) return;
        // A missing directory or a CRD the server refuses is bad input, not a usage error: say so
        // without yargs' "Run --help" hint.
        if (a.crds !== undefined && !existsSync(a.crds)) {
          out.err(`kube-codegen test-server: ${a.crds} does not exist`);
          code = 2;
          return;
        }
        const { runTestServerCommand } = await import("@kube-codegen/testing");
        try {
          code = await runTestServerCommand({
            ...(a.crds !== undefined ? { crdDir: a.crds } : {}),
            tls: a.tls,
            simulateDeploymentStatus: a.simulateDeploymentStatus,
            authorization: a.authorizationMode,
            emulate: a.emulate,
            ...(a.port !== undefined ? { port: a.port } : {}),
            ...(a.auditLogPath !== undefined ? { auditLogPath: a.auditLogPath } : {}),
            write: (t) => out.log(t.replace(/\n$/, "")),
          });
        } catch (e) {
          out.err(`kube-codegen test-server: ${(e as Error).message}`);
          code = 2;
        }
      },
    )
    .demandCommand(1, "name a command: generate, verify, markers, validate, import or test-server")
    .wrap(Math.min(100, process.stdout.columns ?? 100));
  try {
    await parser.parseAsync();
  } catch (e) {
    if (code === 0) {
      out.err(`kube-codegen: ${(e as Error).message}`);
      code = 2;
    }
  }
  return code;
}

/** The --server-versions row, which validate takes too (generate and verify take every row). */
const serverVersionsRow: OptionSpec = tableRow("serverVersions");

function tableRow(key: string): OptionSpec {
  const row = optionTable.find((o) => o.key === key);
  if (!row) throw new Error(`no option ${key} in the option table`);
  return row;
}

async function withOptions(a: Record<string, unknown>, cwd: string, out: Out, run: (o: Options) => Promise<number>): Promise<number> {
  const { resolveOptions } = await import("../config/load-config.js");
  // yargs gives each flag under its camelCase name too, which is the table's key.
  const raw = Object.fromEntries(optionTable.filter((o) => o.type !== "boolean").map((o) => [o.key, a[o.key]])) as RawOptions;
  const { options, diagnostics, sources } = resolveOptions(raw, cwd);
  if (!options) {
    out.printDiagnostics(diagnostics, sources);
    return 2;
  }
  // --no-cache: the run neither reads nor writes the cache (a boolean flag, so not in RawOptions).
  if (a["cache"] === false) {
    const { cacheDir: _unused, ...uncached } = options;
    return run(uncached);
  }
  return run(options);
}

/** A table row as a yargs option: the description without Markdown, and its default. */
function yargsOption(o: OptionSpec): { type: "string" | "number" | "boolean"; describe: string; default?: boolean } {
  const shown = o.default ?? (o.type === "boolean" ? undefined : o.defaultText);
  const describe = `${o.description}${shown === undefined ? "" : ` (default: ${shown})`}`.replace(/`/g, "");
  // A boolean is off unless its row says "on" (--cache, turned off with --no-cache).
  if (o.type === "boolean") return { type: "boolean", describe, default: o.defaultText === "on" };
  return { type: o.type === "integer" ? "number" : o.type === "list" ? "string" : o.type, describe };
}

/** The printing flags, which the table declares but resolveOptions does not take. */
function printing(a: Record<string, unknown>): { quiet: boolean; verbose: boolean } {
  return { quiet: a["quiet"] === true, verbose: a["verbose"] === true };
}

/**
 * yargs renders a command's whole help text before running its handler, in case the handler fails
 * and the help is to be shown (cacheHelpMessage): a few dozen milliseconds of text wrapping on
 * every generate and verify, a run's largest cost after its own work at 10 kinds. Our fail handler
 * never shows help, so the rendering is skipped. Through yargs' internal methods, pinned with yargs
 * in the lockfile; where they are not found, yargs behaves as it always does.
 */
function withoutHelpCache<T>(y: T): T {
  const internal = (y as { getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } } })
    .getInternalMethods?.()
    .getUsageInstance?.();
  if (internal !== undefined && typeof internal.cacheHelpMessage === "function") internal.cacheHelpMessage = () => undefined;
  return y;
}
