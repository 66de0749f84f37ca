// File-system access that never throws and never opens what it should not: every way a path can
// fail to be what a stage expects (unreadable, a dangling or looping symbolic link, a FIFO, a
// directory for a file or the reverse, a write refused) becomes a diagnostic naming the path, one
// code per kind of problem. load, output and config read the disk only through these.
import { lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync, type Stats } from "node:fs";
import { Code, errorAt, warningAt, type Diagnostic, type ErrorCode, type WarningCode } from "../diagnostics/index.js";

/** What a path holds once symbolic links are followed. */
export type PathKind = "file" | "directory" | "special";

/** The result of looking at a path without opening it. */
export type Probe =
  | { readonly kind: "missing" }
  | { readonly kind: PathKind; readonly symlink: boolean; readonly what: string }
  | { readonly kind: "problem"; readonly diagnostic: Diagnostic };

/** Words for the errno codes a user can act on; others are shown by their code. */
const ERRNO_WORDS: Readonly<Record<string, string>> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOSPC: "no space left on device",
  EDQUOT: "disk quota exceeded",
  EIO: "input/output error",
  EBUSY: "resource busy",
  ENAMETOOLONG: "file name too long",
  EMFILE: "too many open files",
  ENOENT: "it no longer exists",
};

/** A diagnostic about a whole file or directory: the path is the diagnostic's file, with no line. */
function atPath(d: Diagnostic, file: string): Diagnostic {
  return { ...d, file };
}

/** An error diagnostic naming `display`. */
export function pathError(display: string, code: ErrorCode, message: string, hint?: string): Diagnostic {
  return atPath(errorAt(undefined, code, message, hint), display);
}

/** A warning diagnostic naming `display`. */
export function pathWarning(display: string, code: WarningCode, message: string, hint?: string): Diagnostic {
  return atPath(warningAt(undefined, code, message, hint), display);
}

/** The diagnostic for a failed file-system call on `display`, by its errno code. */
export function fsProblem(e: unknown, display: string, action: "read" | "write", what = "path"): Diagnostic {
  const errno = (e as NodeJS.ErrnoException | undefined)?.code ?? "";
  const words = `${ERRNO_WORDS[errno] ?? "error"}${errno ? ` (${errno})` : ""}`;
  switch (errno) {
    case "ELOOP":
      return pathError(
        display,
        Code.symlinkLoop,
        "symbolic links here lead back to themselves (a loop)",
        "point the link at a real file or directory",
      );
    case "EISDIR":
      return pathError(display, Code.notAFile, "is a directory where a file is expected");
    case "ENOTDIR":
    case "EEXIST":
      return pathError(display, Code.notADirectory, "is (or is inside) a file where a directory is expected");
  }
  return action === "read"
    ? pathError(display, Code.unreadablePath, `cannot read this ${what}: ${words}`)
    : pathError(display, Code.cannotWrite, `cannot write this ${what}: ${words}`, "make the output folder writable, or choose another one");
}

/** Looks at a path, following symbolic links, without opening it. */
export function probePath(abs: string, display: string): Probe {
  let st: Stats;
  try {
    st = lstatSync(abs);
  } catch (e) {
    const errno = (e as NodeJS.ErrnoException).code;
    if (errno === "ENOENT" || errno === "ENOTDIR") return { kind: "missing" };
    return { kind: "problem", diagnostic: fsProblem(e, display, "read") };
  }
  const symlink = st.isSymbolicLink();
  if (symlink) {
    try {
      st = statSync(abs);
    } catch (e) {
      const errno = (e as NodeJS.ErrnoException).code;
      if (errno === "ENOENT" || errno === "ENOTDIR")
        return {
          kind: "problem",
          diagnostic: pathError(
            display,
            Code.danglingSymlink,
            `symbolic link to ${linkTarget(abs)}, which does not exist`,
            "remove the link or create its target",
          ),
        };
      return { kind: "problem", diagnostic: fsProblem(e, display, "read") };
    }
  }
  if (st.isFile()) return { kind: "file", symlink, what: "file" };
  if (st.isDirectory()) return { kind: "directory", symlink, what: "directory" };
  return { kind: "special", symlink, what: specialName(st) };
}

function linkTarget(abs: string): string {
  try {
    return readlinkSync(abs);
  } catch {
    return "a missing path";
  }
}

function specialName(st: Stats): string {
  if (st.isFIFO()) return "FIFO";
  if (st.isSocket()) return "socket";
  if (st.isCharacterDevice() || st.isBlockDevice()) return "device";
  return "special file";
}

/** The text of a regular file (the caller has probed it), or why it cannot be read. */
export function readText(abs: string, display: string): { text: string } | { diagnostic: Diagnostic } {
  try {
    // Decoded by Node.js as it reads: reading the bytes first (utf8Text) held each file's buffer
    // until a collection, some 20 MB more at the peak of a 1,000-kind run, for no time saved.
    return { text: readFileSync(abs, "utf8") };
  } catch (e) {
    return { diagnostic: fsProblem(e, display, "read", "file") };
  }
}

/**
 * A file's bytes, or why it cannot be read: for files compared byte for byte (the output scan's),
 * which are decoded only when they differ.
 */
export function readBytes(abs: string, display: string): { bytes: Buffer } | { diagnostic: Diagnostic } {
  try {
    return { bytes: readFileSync(abs) };
  } catch (e) {
    return { diagnostic: fsProblem(e, display, "read", "file") };
  }
}

/** A directory's entries, sorted by name as readDirNames sorts them. */
export interface Listing {
  readonly names: string[];
  /**
   * The names the directory itself lists as regular files (not links): probeListed takes those as
   * files without a system call. Reading a folder of 4,000 generated files, that was 4,000 lstat
   * calls, a tenth of a second of an incremental run.
   */
  readonly regular: ReadonlySet<string>;
}

/** A directory's entry names, sorted by code unit whatever order the file system gives, or why it cannot be read. */
export function readDirNames(abs: string, display: string): Listing | { diagnostic: Diagnostic } {
  try {
    const entries = readdirSync(abs, { withFileTypes: true });
    const regular = new Set<string>();
    for (const e of entries) if (e.isFile()) regular.add(e.name);
    return { names: entries.map((e) => e.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), regular };
  } catch (e) {
    return { diagnostic: fsProblem(e, display, "read", "directory") };
  }
}

/** An entry of `listing` as probePath would find it: a regular file as listed, anything else looked at. */
export function probeListed(listing: Listing, name: string, abs: string, display: string): Probe {
  return listing.regular.has(name) ? LISTED_FILE : probePath(abs, display);
}

const LISTED_FILE: Probe = { kind: "file", symlink: false, what: "file" };

/**
 * The real path of a directory, to detect loops: a directory whose real path is one of the
 * directories being read around it (its ancestors) would be read forever. Tracking real paths
 * finds a loop at its first turn, where waiting for ELOOP would walk hundreds of levels first.
 */
export function loopCheck(abs: string, display: string, ancestors: ReadonlySet<string>): { real: string } | { diagnostic: Diagnostic } {
  let real: string;
  try {
    real = realpathSync(abs);
  } catch (e) {
    return { diagnostic: fsProblem(e, display, "read", "directory") };
  }
  if (ancestors.has(real))
    return {
      diagnostic: pathError(
        display,
        Code.symlinkLoop,
        "symbolic link to a directory it is inside, so reading it would never end",
        "remove the link, or point it outside the tree",
      ),
    };
  return { real };
}

/** The warning for a FIFO, socket or device met where a file would be read: it is never opened. */
export function specialSkipped(display: string, what: string): Diagnostic {
  return pathWarning(display, Code.specialFileSkipped, `is a ${what}, not a regular file; skipped without opening it`);
}
