// ts.createProgram with parsed source files shared between the programs of one test process, as
// TypeScript's language service shares them between the programs it builds: a file is parsed once
// per (options, path, text) and every later program over it reuses that parse. Each program still
// type-checks everything itself (a checker is never shared), so its diagnostics are the same as a
// fresh program's; only parsing and binding the unchanged lib, @types/node and runtime files is saved.
import ts from "typescript";

const parsed = new Map<string, ts.SourceFile>();

/** ts.createProgram(roots, options), reusing this process's parses of files whose text is unchanged. */
export function createProgram(roots: readonly string[], options: ts.CompilerOptions): ts.Program {
  const host = ts.createCompilerHost(options);
  const optionsKey = JSON.stringify(options);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError) => {
    let text: string | undefined;
    try {
      text = host.readFile(fileName);
    } catch (e) {
      onError?.(e instanceof Error ? e.message : String(e));
    }
    if (text === undefined) return undefined;
    // The options object holds a function (setExternalModuleIndicator) that JSON leaves out; it
    // follows from the compiler options, which are part of the key.
    const key = `${optionsKey}\0${fileName}\0${JSON.stringify(languageVersionOrOptions)}`;
    const hit = parsed.get(key);
    if (hit?.text === text) return hit;
    const sf = ts.createSourceFile(fileName, text, languageVersionOrOptions);
    parsed.set(key, sf);
    return sf;
  };
  return ts.createProgram({ rootNames: roots, options, host });
}
