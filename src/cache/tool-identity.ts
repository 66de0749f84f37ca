import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

let memo: string | undefined;

/**
 * A digest of the code that computes every cached value: each source file of kube-codegen as it
 * runs (the `.js` of dist/, or the `.ts` of src/ under tsx), the version of each library it depends
 * on (TypeScript parses, prettier formats, CEL checks rules), and Node.js's. Every cache key
 * includes it, so an entry made by any other build, edit or install of the tool is never found:
 * a cache cannot outlive the code that filled it. Read once per process (some 300 files, a few ms).
 */
export function toolIdentity(): string {
  if (memo !== undefined) return memo;
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  const h = createHash("sha256");
  const files = readdirSync(root, { recursive: true })
    .map((f) => String(f).split(sep).join("/"))
    .filter((f) => /\.(js|ts|mjs)$/.test(f) && !f.endsWith(".d.ts"))
    .sort();
  for (const f of files)
    h.update(`${f}\0`)
      .update(readFileSync(join(root, f)))
      .update("\0");
  const manifest = join(root, "..", "package.json");
  const deps = existsSync(manifest)
    ? Object.keys((JSON.parse(readFileSync(manifest, "utf8")) as { dependencies?: object }).dependencies ?? {})
    : [];
  for (const d of deps.sort()) h.update(`${d}@${installedVersion(manifest, d)}\0`);
  h.update(`node ${process.version}`);
  return (memo = h.digest("hex"));
}

/** The version of the copy of `name` that `manifest`'s package resolves, or "?" when it cannot be found. */
function installedVersion(manifest: string, name: string): string {
  const req = createRequire(manifest);
  let dir: string;
  try {
    dir = dirname(req.resolve(`${name}/package.json`));
  } catch {
    // Packages whose exports hide package.json: walk up from the entry to the folder that is the package.
    try {
      dir = dirname(req.resolve(name));
    } catch {
      return "?";
    }
    while (!existsSync(join(dir, "package.json")) || readName(join(dir, "package.json")) !== name) {
      if (dirname(dir) === dir) return "?";
      dir = dirname(dir);
    }
  }
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
