import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

let memo: string | undefined;

/**
 * The project's own packages whose code computes cached values (the CRD checks shape every CRD
 * unit's output and diagnostics). They keep one version while their code changes, so their code is
 * hashed, not their version. The runtime and the test server compute nothing a generate caches.
 */
const CODE_HASHED: ReadonlySet<string> = new Set(["@kube-codegen/apiextensions"]);

/**
 * A digest of the code that computes every cached value: each source file of kube-codegen as it
 * runs (the `.js` of dist/, or the `.ts` of src/ under tsx), the version of each library it depends
 * on (TypeScript parses, prettier formats, CEL checks rules), and Node.js's. Every cache key
 * includes it, so an entry made by any other build, edit or install of the tool is never found:
 * a cache cannot outlive the code that filled it. Read once per process (some 300 files, a few ms).
 */
export function toolIdentity(): string {
  if (memo !== undefined) return memo;
  const here = dirname(fileURLToPath(import.meta.url));
  // Run from the bundle (dist/bundle, what bin/kube-codegen.js runs), the bundle's chunks are all
  // of our code that runs, the code-hashed packages included (scripts/bundle-cli.mjs bundles them):
  // hashing the rest of dist/ too was most of this function's time. Otherwise, the tree it is in.
  const bundled = basename(here) === "bundle";
  const root = join(here, "..");
  const h = createHash("sha256");
  hashCode(h, bundled ? here : root);
  const manifest = join(root, "..", "package.json");
  const deps = existsSync(manifest)
    ? Object.keys((JSON.parse(readFileSync(manifest, "utf8")) as { dependencies?: object }).dependencies ?? {})
    : [];
  for (const d of deps.sort()) {
    h.update(`${d}@${installedVersion(manifest, d)}\0`);
    const dir = CODE_HASHED.has(d) && !bundled ? packageDir(manifest, d) : undefined;
    if (dir) for (const sub of ["src", "dist"]) if (existsSync(join(dir, sub))) hashCode(h, join(dir, sub));
  }
  h.update(`node ${process.version}`);
  return (memo = h.digest("hex"));
}

/** Every source file's path and bytes under `dir` (the .js of a build or the .ts of sources; no declarations). */
function hashCode(h: ReturnType<typeof createHash>, dir: string): void {
  const files = readdirSync(dir, { recursive: true })
    .map((f) => String(f).split(sep).join("/"))
    .filter((f) => /\.(js|ts|mjs)$/.test(f) && !f.endsWith(".d.ts"))
    .sort();
  for (const f of files)
    h.update(`${f}\0`)
      .update(readFileSync(join(dir, f)))
      .update("\0");
}

/** The folder of the copy of `name` that `manifest`'s package resolves, or undefined when it cannot be found. */
function packageDir(manifest: string, name: string): string | undefined {
  const req = createRequire(manifest);
  try {
    return dirname(req.resolve(`${name}/package.json`));
  } catch {
    // Packages whose exports hide package.json: walk up from the entry to the folder that is the package.
    let dir: string;
    try {
      dir = dirname(req.resolve(name));
    } catch {
      return undefined;
    }
    while (!existsSync(join(dir, "package.json")) || readName(join(dir, "package.json")) !== name) {
      if (dirname(dir) === dir) return undefined;
      dir = dirname(dir);
    }
    return dir;
  }
}

/** The version of the copy of `name` that `manifest`'s package resolves, or "?" when it cannot be found. */
function installedVersion(manifest: string, name: string): string {
  const dir = packageDir(manifest, name);
  if (dir === undefined) return "?";
  const v = (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version?: unknown }).version;
  return typeof v === "string" ? v : "?";
}

function readName(file: string): unknown {
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as { name?: unknown }).name;
  } catch {
    return undefined;
  }
}
