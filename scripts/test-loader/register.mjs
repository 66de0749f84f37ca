// The test runner's TypeScript loader: `node --import ./scripts/test-loader/register.mjs`. It does
// for the suite what tsx does (type stripping with esbuild, `.js` specifiers resolved to the `.ts`
// beside them, tsconfig.json's `paths`), and nothing else; scripts, the bench and the programs tests
// spawn still run under tsx. It exists for speed: a test file importing the generator took 1.2 s
// under tsx and 0.8 s under this loader (tsx's own startup, and its resolution of each of the ~200
// modules), and the suite runs 235 such files on two cores (see hooks.mjs).
import { register } from "node:module";
import { readFileSync } from "node:fs";

const root = new URL("../../", import.meta.url);
const tsconfig = JSON.parse(readFileSync(new URL("tsconfig.json", root), "utf8"));
// Each alias's first target, as the type checker resolves it.
const paths = Object.entries(tsconfig.compilerOptions.paths ?? {}).map(([alias, targets]) => [alias, targets[0]]);
// Stack traces name the TypeScript lines (the transformed code carries an inline source map).
process.setSourceMapsEnabled(true);
register(new URL("./hooks.mjs", import.meta.url), { data: { root: root.href, paths } });
