// The last step of every scripts/update-*.ts that owns one generated file: write it when its bytes
// change (so a run that changes nothing leaves its mtime alone), or, with --verify (as
// hack/verify-codegen.sh runs them), print the diff and exit 1 when the committed file is stale.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createTwoFilesPatch } from "diff";
import { writeIfChanged } from "../src/fs/index.js";

const repo = join(import.meta.dirname, "..");

/** Writes `want` to `file` (relative to the repository) or, with --verify in argv, checks it is there already. */
export function writeOrVerifyGenerated(file: string, want: string, argv: readonly string[] = process.argv): void {
  const path = join(repo, file);
  if (!argv.includes("--verify")) {
    writeIfChanged(path, want);
    return;
  }
  const have = existsSync(path) ? readFileSync(path, "utf8") : "";
  if (have === want) return;
  process.stderr.write(createTwoFilesPatch(file, file, have, want, "committed", "generated"));
  process.stderr.write(`${file} is stale: run hack/update-codegen.sh\n`);
  process.exitCode = 1;
}
