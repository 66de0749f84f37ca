// Where the project's read-only reference material lives: `../shared` beside the repository (as
// CI lays it out), else KCG_SHARED, else the workplace's /work/shared.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

const repo = resolve(import.meta.dirname, "../..");

/** The shared/ folder: transcripts, OpenAPI document and seeds. */
export const SHARED = [process.env["KCG_SHARED"], join(repo, "../shared"), "/work/shared"].find(
  (p): p is string => p !== undefined && existsSync(join(p, "apiserver-transcripts")),
) ?? join(repo, "../shared");

/** The recorded kube-apiserver transcripts. */
export const TRANSCRIPTS = join(SHARED, "apiserver-transcripts");
