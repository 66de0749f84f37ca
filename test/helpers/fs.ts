import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

/** The directories tempDir made in this process, removed when it exits. */
const made: string[] = [];

/**
 * A fresh temporary directory, removed with everything in it when the test file's process exits
 * (a full run used to leave about 900 behind), unless KCG_KEEP_TEMP is set to look at them.
 */
export function tempDir(prefix = "kcg-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (made.push(dir) === 1 && process.env["KCG_KEEP_TEMP"] === undefined) process.on("exit", removeMade);
  return dir;
}

function removeMade(): void {
  for (const dir of made) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // a directory a test made unremovable stays; the next boot's cleanup of /tmp takes it
    }
  }
}

/** A fresh temporary project with one small valid API package, `apis/db/v1` (a Database kind). */
export function databaseProject(): string {
  const dir = tempDir();
  mkdirSync(join(dir, "apis/db/v1"), { recursive: true });
  writeFileSync(join(dir, "apis/db/v1/doc.ts"), "// +k8s:deepcopy-gen=package\n// +groupName=db.example.com\nexport {};\n");
  writeFileSync(
    join(dir, "apis/db/v1/types.ts"),
    'import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";\n\n' +
      "// Database is a database.\nexport interface Database extends TypeMeta {\n  metadata?: ObjectMeta;\n  spec: DatabaseSpec;\n}\n\n" +
      "// DatabaseSpec is its spec.\nexport interface DatabaseSpec {\n  engine: string;\n}\n",
  );
  return dir;
}

/** Copies a directory tree into a new temporary directory and returns it. */
export function copyToTemp(src: string): string {
  const dir = tempDir();
  cpSync(src, dir, { recursive: true });
  return dir;
}

/** Every file under `dir` (relative, posix) with its text, sorted: a snapshot to compare before and after. */
export function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p).split("\\").join("/"), readFileSync(p, "utf8"));
    }
  };
  walk(dir);
  return out;
}
