import { chmodSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { applyPlan, type FinalFile } from "../output/index.js";
import {
  planCreateApi,
  planCreateWebhook,
  planInit,
  type CreateApiArgs,
  type CreateWebhookArgs,
  type ReadFile,
  type ScaffoldPlan,
  type ScaffoldVersions,
} from "../scaffold/index.js";
import type { Out } from "./console.js";

// The disk as the planner sees it: a file's text, undefined when absent, null when not a file.
function reader(cwd: string): ReadFile {
  return (path) => {
    const abs = resolve(cwd, path);
    try {
      return statSync(abs).isFile() ? readFileSync(abs, "utf8") : null;
    } catch {
      return undefined;
    }
  };
}

// kube-codegen's own package.json: its version (the packages' it names) and the dev tools' ranges
// it is tested with, so a scaffolded project installs what this release was built with.
function scaffoldVersions(): ScaffoldVersions {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const dev = pkg.devDependencies ?? {};
  // TypeScript is the generator's own dependency (its parser reads API packages).
  const deps = pkg.dependencies ?? {};
  return {
    kubeCodegen: pkg.version,
    typescript: deps["typescript"] ?? dev["typescript"] ?? "^5.9.0",
    tsx: dev["tsx"] ?? "^4.0.0",
    typesNode: dev["@types/node"] ?? "^20.0.0",
    promClient: dev["prom-client"] ?? "^15.0.0",
  };
}

function apply(command: string, plan: ScaffoldPlan, cwd: string, out: Out): number {
  out.printDiagnostics(plan.diagnostics, new Map());
  if (plan.diagnostics.some((d) => d.severity === "error")) {
    out.err(`kube-codegen ${command}: nothing written`);
    return 2;
  }
  const write: FinalFile[] = [...plan.write].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, content]) => ({ path, content }));
  const applied = applyPlan(cwd, { write, unchanged: [], remove: [], previous: new Map(), diagnostics: [] });
  if (applied.failure) {
    out.printDiagnostics([applied.failure], new Map());
    return 2;
  }
  for (const f of write) if (f.path.endsWith(".sh") || f.path.endsWith(".mjs")) chmodSync(resolve(cwd, f.path), 0o755);
  for (const f of write) out.log(`  ${f.path}`);
  return 0;
}

/** The flags of `kube-codegen init`. */
export interface InitFlags {
  readonly domain: string;
  readonly owner?: string;
  readonly projectName?: string;
}

/** `kube-codegen init --domain DOMAIN [--owner OWNER] [--project-name NAME]`: exit 0, or 2 with nothing written. */
export function runInit(flags: InitFlags, out: Out, cwd: string): number {
  const dir = resolve(cwd);
  const name = flags.projectName ?? dir.split(/[\\/]/).at(-1) ?? "";
  const plan = planInit(
    {
      domain: flags.domain,
      owner: flags.owner ?? `The ${name} Authors`,
      dir,
      ...(flags.projectName !== undefined ? { projectName: flags.projectName } : {}),
      year: new Date().getFullYear(),
      versions: scaffoldVersions(),
    },
    reader(cwd),
  );
  const code = apply("init", plan, cwd, out);
  if (code === 0) out.log("Next: npm install, then kube-codegen create api --group GROUP --version VERSION --kind KIND --controller");
  return code;
}

/** `kube-codegen create api --group G --version V --kind K [--namespaced=false] [--controller]`. */
export function runCreateApi(flags: CreateApiArgs, out: Out, cwd: string): number {
  const code = apply("create api", planCreateApi(flags, reader(cwd)), cwd, out);
  if (code === 0) out.log("Next: edit the types and the reconcile, then npm run codegen and npm test");
  return code;
}

/** `kube-codegen create webhook --group G --version V --kind K [--defaulting] [--programmatic-validation] [--conversion --spoke V2]`. */
export function runCreateWebhook(flags: CreateWebhookArgs, out: Out, cwd: string): number {
  const code = apply("create webhook", planCreateWebhook(flags, reader(cwd)), cwd, out);
  if (code === 0) {
    out.log("Next: fill in the TODO(user) parts, then npm run codegen (it writes config/webhook/manifests.yaml) and npm test");
    if (flags.conversion)
      out.log(
        `Conversion: npm run codegen generates the conversions of the fields that match; write the convert_ functions it names for the rest in the spoke's package (${flags.spoke.join(", ")})`,
      );
    out.log(
      "The webhook server needs a serving certificate (tls.crt, tls.key in /tmp/k8s-webhook-server/serving-certs): ENABLE_WEBHOOKS=false npm start runs without it",
    );
  }
  return code;
}
