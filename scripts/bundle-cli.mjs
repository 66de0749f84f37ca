#!/usr/bin/env node
// Bundles the built CLI (dist/cli/index.js and everything it imports, ours and our libraries') into
// dist/bundle/, which bin/kube-codegen.js runs. Node.js loads an ES module graph file by file:
// resolving, reading and compiling the 180 modules a generate imports took about 0.2 s of every
// run, a tenth of an incremental one; the same code in a few files loads in a third of that.
//
// Each command the CLI imports on demand stays a chunk of its own (splitting), so `--help` still
// loads only the command table (test/cli/lazy-loading.test.ts reads meta.json to see which sources
// each loaded chunk holds). TypeScript and prettier are not bundled: the pipeline requires them by
// path, through V8's code cache (src/cache/code-cache.ts). The test server is a package of its own,
// imported only by the test-server command. dist/ keeps the unbundled build: it is the library
// that `import "kube-codegen"` gets, and what the tests import.
import { writeFileSync } from "node:fs";
import { build } from "esbuild";

const outdir = "dist/bundle";
const result = await build({
  // The parse thread's script is an entry of its own (src/load/parser-thread.ts starts it by path).
  entryPoints: { index: "dist/cli/index.js", "parse-worker": "dist/load/parse-worker.js" },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  metafile: true,
  logLevel: "warning",
  external: ["@kube-codegen/testing", "typescript", "prettier"],
  // Some CommonJS libraries bundled here require Node.js's own modules; an ES module has no
  // `require`, so each chunk gets one (esbuild renames any of ours that the name would shadow).
  banner: {
    js: 'import { createRequire as __kubeCodegenCreateRequire } from "node:module";\nconst require = __kubeCodegenCreateRequire(import.meta.url);',
  },
});
writeFileSync(`${outdir}/meta.json`, `${JSON.stringify(result.metafile)}\n`);
