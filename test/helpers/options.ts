import { resolveOptions } from "../../src/config/index.js";
import type { Options } from "../../src/config/index.js";

/** Options for a test run rooted at `cwd`, with the given overrides and no header file. */
export function testOptions(
  cwd: string,
  over: Partial<Record<"input" | "output" | "crdOutput" | "header" | "serverVersions", string>> & { generators?: string } = {},
): Options {
  const { options, diagnostics } = resolveOptions({ input: "input", output: "out", crdOutput: "out/crds", ...over }, cwd);
  if (!options) throw new Error(`bad test options: ${diagnostics.map((d) => d.message).join("; ")}`);
  return options;
}
