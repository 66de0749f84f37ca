import { accessSync, constants } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import { sha256 } from "../cache/index.js";
import { Code, type Diagnostic } from "../diagnostics/index.js";
import { GENERATED_LINE, generatedLineIn, isGenerated } from "../emit/index.js";
import { fsProblem, pathError, probePath, readText, utf8Text } from "../fs/index.js";
import type { FinalFile } from "./finalize.js";
import type { ExistingFiles } from "./scan.js";

/** What applying a run's output would change on disk. */
export interface OutputPlan {
  readonly write: FinalFile[];
  readonly unchanged: FinalFile[];
  /** Generated files no longer produced. */
  readonly remove: string[];
  /** The text on disk of files that would change (absent for new files). */
  readonly previous: ReadonlyMap<string, string>;
  /**
   * Why the plan cannot be applied (or compared): a path that cannot be read, a directory where a
   * file goes or a file where a folder goes, a hand-written file in the way. Any error here means
   * nothing may be written.
   */
  readonly diagnostics: Diagnostic[];
}

/**
 * Compares the produced files with the disk, checking every path it would touch before anything is
 * written: the folders on the way to each file must be folders (or not exist yet), and a file
 * already at an output path is replaced only when it carries the generated line, whatever its name.
 */
export function planOutput(cwd: string, files: readonly FinalFile[], existing: ExistingFiles): OutputPlan {
  const write: FinalFile[] = [];
  const unchanged: FinalFile[] = [];
  const previous = new Map<string, string>();
  const diagnostics: Diagnostic[] = [...existing.diagnostics];
  const folders = new Map<string, Diagnostic | undefined>();
  const missingFolders = new Set<string>();
  for (const f of files) {
    const abs = resolve(cwd, f.path);
    const folderProblem = checkFolders(cwd, dirname(abs), folders, missingFolders);
    if (folderProblem) {
      diagnostics.push(folderProblem);
      continue;
    }
    // A file the run knows is on disk as it would write it (a unit the cache gave).
    if (f.onDisk !== undefined) {
      unchanged.push(f);
      continue;
    }
    // A generated file the scan knew by its digest, without reading it: compared by digest.
    const known = existing.known?.get(f.path);
    if (known !== undefined) {
      if (sha256(Buffer.from(f.content, "utf8")) === known) unchanged.push(f);
      else {
        // Read now, and held to the rule every file is: replaced only when it carries the generated line.
        const read = readText(abs, f.path);
        if ("diagnostic" in read) diagnostics.push(read.diagnostic);
        else if (!isGenerated(read.text)) diagnostics.push(handWritten(f));
        else {
          write.push(f);
          previous.set(f.path, read.text);
        }
      }
      continue;
    }
    // A generated file the scan of the owned areas has just read: compared with those bytes.
    const scanned = existing.bytes?.get(f.path);
    if (scanned !== undefined) {
      if (sameBytes(scanned, f)) unchanged.push(f);
      else {
        write.push(f);
        previous.set(f.path, utf8Text(scanned));
      }
      continue;
    }
    // In a folder that does not exist yet (a run from no outputs), the file does not either: one
    // probe of the folder instead of one per file.
    const probe = missingFolders.has(dirname(abs)) ? ({ kind: "missing" } as const) : probePath(abs, f.path);
    if (probe.kind === "problem") {
      diagnostics.push(probe.diagnostic);
      continue;
    }
    if (probe.kind === "directory" || probe.kind === "special") {
      diagnostics.push(
        pathError(f.path, Code.notAFile, `is a ${probe.what} where kube-codegen writes a generated file`, "move it out of the way"),
      );
      continue;
    }
    if (probe.kind === "missing") {
      write.push(f);
      continue;
    }
    const read = readText(abs, f.path);
    if ("diagnostic" in read) {
      diagnostics.push(read.diagnostic);
      continue;
    }
    if (!isGenerated(read.text)) {
      diagnostics.push(handWritten(f));
      continue;
    }
    if (read.text === f.content) unchanged.push(f);
    else {
      write.push(f);
      previous.set(f.path, read.text);
    }
  }
  const produced = new Set(files.map((f) => f.path));
  const remove: string[] = [];
  for (const p of existing.paths.filter((x) => !produced.has(x))) {
    const scanned = existing.bytes?.get(p);
    if (scanned !== undefined) {
      remove.push(p);
      previous.set(p, utf8Text(scanned));
      continue;
    }
    const read = readText(resolve(cwd, p), p);
    if ("diagnostic" in read) diagnostics.push(read.diagnostic);
    // A file known by its stamp is read only now: removed only if it still carries the generated line.
    else if (isGenerated(read.text)) {
      remove.push(p);
      previous.set(p, read.text);
    }
  }
  return { write, unchanged, remove, previous, diagnostics };
}

/** The error for a file without the generated line where the run would write one. */
function handWritten(f: FinalFile): Diagnostic {
  return pathError(
    f.path,
    Code.handWrittenFile,
    "has no generated line, so it is not kube-codegen's to overwrite",
    `move or rename this file (kube-codegen writes its own here), or add the line "${generatedLineIn(f.content) ?? GENERATED_LINE}" to let it be replaced`,
  );
}

/** Whether `disk` holds exactly the file's final text. */
function sameBytes(disk: Buffer, f: FinalFile): boolean {
  return disk.length === Buffer.byteLength(f.content, "utf8") && disk.equals(Buffer.from(f.content, "utf8"));
}

/**
 * The write permissions `generate` needs for a plan: the nearest existing folder of each file it
 * writes (where the file, or the first missing folder, is created) and the folder of each file it
 * removes. Checked before the first write, so a read-only output folder stops the run whole.
 */
export function checkWritable(cwd: string, plan: OutputPlan): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const checked = new Set<string>();
  // Many files share a folder: each folder's nearest existing ancestor is probed once.
  const nearest = new Map<string, string>();
  const nearestOf = (dir: string): string => {
    let d = nearest.get(dir);
    if (d === undefined) nearest.set(dir, (d = nearestExisting(dir)));
    return d;
  };
  const dirs = [...plan.write.map((f) => nearestOf(dirname(resolve(cwd, f.path)))), ...plan.remove.map((p) => dirname(resolve(cwd, p)))];
  for (const dir of dirs) {
    if (checked.has(dir)) continue;
    checked.add(dir);
    try {
      accessSync(dir, constants.W_OK | constants.X_OK);
    } catch (e) {
      diagnostics.push(fsProblem(e, displayOf(cwd, dir), "write", "directory"));
    }
  }
  return diagnostics;
}

/** The first of `dir` and its parents that exists (planOutput has checked they are folders). */
function nearestExisting(dir: string): string {
  let d = dir;
  while (probePath(d, d).kind === "missing" && dirname(d) !== d) d = dirname(d);
  return d;
}

/**
 * Checks `dir` and the parents above it up to the first existing one: each that exists must be a
 * folder. Results are kept in `seen` because many files share their folders; the folders found
 * missing are added to `missing`.
 */
function checkFolders(cwd: string, dir: string, seen: Map<string, Diagnostic | undefined>, missing: Set<string>): Diagnostic | undefined {
  if (seen.has(dir)) return seen.get(dir);
  const display = displayOf(cwd, dir);
  const probe = probePath(dir, display);
  let problem: Diagnostic | undefined;
  if (probe.kind === "problem") problem = probe.diagnostic;
  else if (probe.kind === "file" || probe.kind === "special")
    problem = pathError(
      display,
      Code.notADirectory,
      `is a ${probe.what} where kube-codegen needs a folder for its output`,
      "move it out of the way, or choose another output folder",
    );
  else if (probe.kind === "missing") {
    missing.add(dir);
    if (dirname(dir) !== dir) problem = checkFolders(cwd, dirname(dir), seen, missing);
  }
  seen.set(dir, problem);
  return problem;
}

function displayOf(cwd: string, abs: string): string {
  const rel = relative(cwd, abs);
  return (sep === "/" ? rel : rel.split(sep).join("/")) || ".";
}
