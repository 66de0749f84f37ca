// `+genclient:method=Name,verb=...,subresource=...,input=...,result=...`: extra methods of a typed
// client, mapped onto ResourceClient calls. The name must be an identifier and the types must be
// ones this package declares (or autoscaling's Scale, which the runtime has); marker strings reach
// the output only as string literals (the subresource) or as checked identifiers.
import { Code, errorAt, type Diagnostic } from "../../diagnostics/index.js";
import { isIdentifier, tsString, type CodeWriter } from "../../emit/index.js";
import { lowerFirst, type ClientExtension, type KindModel, type PackageModel } from "../../model/index.js";
import { declaringModule } from "../paths.js";
import { verbMethods, type MethodText, type MethodTypes } from "./verbs.js";

/** The extension methods of a kind, by name, and the problems of those that cannot be generated. */
export function extensionMethods(
  pkg: PackageModel,
  k: KindModel,
  m: MethodTypes,
  taken: ReadonlySet<string>,
  w: CodeWriter,
  importFrom: (pkgModule: string) => string,
): { methods: [string, MethodText][]; diagnostics: Diagnostic[] } {
  const methods: [string, MethodText][] = [];
  const diagnostics: Diagnostic[] = [];
  const markers = pkg.types.find((t) => t.name === k.name)?.markers.all("genclient:method") ?? [];
  const names = new Set(taken);
  (k.client?.extensions ?? []).forEach((ext, i) => {
    const pos = markers[i]?.pos ?? k.pos;
    const fail = (why: string, hint: string) =>
      diagnostics.push(errorAt(pos, Code.malformedValue, `+genclient:method=${ext.name} on ${k.name}: ${why}`, hint));
    const name = lowerFirst(ext.name);
    const refused = clientGenRefusal(ext);
    if (refused) return fail(refused.why, refused.hint);
    if (!isIdentifier(name)) return fail("the method name is not an identifier", "name the method like GetScale");
    if (names.has(name)) return fail(`the client already has a method ${name}`, "give the extension a name no verb uses");
    const type = (spec: string | undefined, fallback: string): string | undefined => {
      if (spec === undefined) return fallback;
      const short = spec.split(/[./]/).pop() ?? "";
      const declared = pkg.types.find((t) => t.name === short);
      if (declared) return w.import(importFrom(declaringModule(declared)), declared.name, true);
      if (short === "Scale") return `${m.rt}.Scale`;
      return undefined;
    };
    const input = type(ext.input, m.t);
    const result = type(ext.result, m.t);
    const unknownType = input === undefined ? ext.input : result === undefined ? ext.result : undefined;
    if (input === undefined || result === undefined)
      return fail(`type ${String(unknownType)} is not declared in ${pkg.dir}`, "use a type the package declares, or Scale");
    const method = extensionMethod(ext, m, input, result);
    if (!method)
      return fail(
        `verb=${ext.verb}${ext.subresource ? ` with subresource=${ext.subresource}` : ""} and these input/result types have no ResourceClient call`,
        "supported: get, create and update of a subresource with any types; patch of a subresource; any verb on the object itself with its own types",
      );
    names.add(name);
    methods.push([name, method]);
  });
  return { methods, diagnostics };
}

// client-gen's own limits on extensions (code-generator's client-gen/generators/util/tags.go).
const NOT_EXTENSION_VERBS = ["updateStatus", "deleteCollection", "watch", "delete"];
const INPUT_VERBS = ["create", "update", "apply"];
const RESULT_VERBS = ["create", "update", "get", "list", "patch", "apply"];

/** Why client-gen refuses an extension, before any question of types: its verb, input= or result=, or an empty argument. */
function clientGenRefusal(ext: ClientExtension): { why: string; hint: string } | undefined {
  for (const key of ["subresource", "input", "result"] as const)
    if (ext[key] === "") return { why: `${key}= is empty`, hint: `give ${key} a value or leave it out` };
  if (NOT_EXTENSION_VERBS.includes(ext.verb))
    return {
      why: `verb=${ext.verb} is not supported by extensions`,
      hint: `extensions may use any verb but ${NOT_EXTENSION_VERBS.join(", ")}`,
    };
  if (ext.input !== undefined && !INPUT_VERBS.includes(ext.verb))
    return { why: `input types are not supported for verb=${ext.verb}`, hint: `only ${INPUT_VERBS.join(", ")} take an input type` };
  if (ext.result !== undefined && !RESULT_VERBS.includes(ext.verb))
    return { why: `result types are not supported for verb=${ext.verb}`, hint: `only ${RESULT_VERBS.join(", ")} take a result type` };
  return undefined;
}

function extensionMethod(ext: ClientExtension, m: MethodTypes, input: string, result: string): MethodText | undefined {
  const { rt, kind } = m;
  const sub = ext.subresource;
  if (sub === undefined) {
    // On the object itself: the verb's own method under another name, when the types are the kind's.
    if (input !== m.t || result !== m.t) return undefined;
    return verbMethods(ext.verb, m)[0]?.[1];
  }
  const s = tsString(sub);
  switch (ext.verb) {
    case "get":
      return {
        doc: `GET the ${sub} subresource of a ${kind}.`,
        params: `name: string, options?: ${rt}.GetOptions`,
        returns: `Promise<${result}>`,
        call: `getSubresource<${result}>(name, ${s}, options)`,
      };
    case "update":
      return {
        doc: `PUT the ${sub} subresource of a ${kind}.`,
        params: `name: string, body: ${input}, options?: ${rt}.WriteOptions`,
        returns: `Promise<${result}>`,
        call: `updateSubresource<${result}>(name, ${s}, body, options)`,
      };
    case "create":
      return {
        doc: `POST to the ${sub} subresource of a ${kind}.`,
        params: `name: string, body: ${input}, options?: ${rt}.WriteOptions`,
        returns: `Promise<${result}>`,
        call: `createSubresource<${result}>(name, ${s}, body, options)`,
      };
    case "patch":
      if (result !== m.t) return undefined;
      return {
        doc: `PATCH the ${sub} subresource of a ${kind}.`,
        typeParams: `<P extends ${rt}.PatchType>`,
        params: `name: string, type: P, patch: ${rt}.PatchBody<P>, options?: ${rt}.PatchOptions`,
        returns: `Promise<${m.t}>`,
        call: `patch(name, type, patch, { ...options, subresource: ${s} })`,
      };
    default:
      return undefined;
  }
}
