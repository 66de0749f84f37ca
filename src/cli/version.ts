import { readFileSync } from "node:fs";

/**
 * The version in kube-codegen's own package.json, read at run time from the installed package:
 * two levels up from this module both as dist/cli/version.js and as src/cli/version.ts.
 */
export function packageVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
  const version = pkg && typeof pkg === "object" && "version" in pkg ? pkg.version : undefined;
  if (typeof version !== "string") throw new Error("kube-codegen's package.json has no version");
  return version;
}
