import { MarkerRegistry, parseMarkers, type CommentLine, type MarkerDefinition, type MarkerTarget } from "../../src/markers/index.js";

/** A small generic registry covering every payload kind, so the grammar is tested without Kubernetes words. */
export function testRegistry(): MarkerRegistry {
  const defs: MarkerDefinition[] = [
    { name: "demo:flag", targets: ["type"], payload: { kind: "flag" }, help: "a flag", example: "+demo:flag" },
    { name: "demo:str", targets: ["field", "type"], payload: { kind: "value", type: "string" }, help: "", example: "+demo:str=x" },
    { name: "demo:int", targets: ["field"], payload: { kind: "value", type: "int" }, help: "", example: "+demo:int=1" },
    {
      name: "demo:colon",
      targets: ["field"],
      payload: { kind: "value", type: "int" },
      help: "",
      example: "+demo:colon:=1",
      colonEquals: true,
    },
    { name: "demo:num", targets: ["field"], payload: { kind: "value", type: "number" }, help: "", example: "+demo:num=1.5" },
    {
      name: "demo:bool",
      targets: ["field"],
      payload: { kind: "value", type: "bool", optional: true },
      help: "",
      example: "+demo:bool=true",
    },
    { name: "demo:json", targets: ["field"], payload: { kind: "value", type: "json" }, help: "", example: '+demo:json={"a":1}' },
    { name: "demo:any", targets: ["field"], payload: { kind: "value", type: "any" }, help: "", example: "+demo:any=1" },
    { name: "demo:list", targets: ["field"], payload: { kind: "value", type: { list: "string" } }, help: "", example: "+demo:list=a;b" },
    { name: "demo:ints", targets: ["field"], payload: { kind: "value", type: { list: "int" } }, help: "", example: "+demo:ints={1,2}" },
    { name: "demo:map", targets: ["field"], payload: { kind: "value", type: { map: "int" } }, help: "", example: "+demo:map={a: 1}" },
    {
      name: "demo:enum",
      targets: ["field"],
      payload: { kind: "value", type: { enum: ["atomic", "set", "map"] } },
      help: "",
      example: "+demo:enum=set",
    },
    {
      name: "demo:opt",
      targets: ["package"],
      payload: { kind: "value", type: "string", optional: true },
      help: "",
      example: "+demo:opt=x",
    },
    { name: "demo:raw", targets: ["package", "type", "field"], payload: { kind: "raw" }, help: "", example: "+demo:raw=anything" },
    {
      name: "demo:column",
      targets: ["type"],
      repeatable: true,
      payload: {
        kind: "args",
        args: [
          { name: "name", type: "string" },
          { name: "type", type: { enum: ["string", "date"] } },
          { name: "JSONPath", type: "string" },
          { name: "priority", type: "int", optional: true },
          { name: "tags", type: { list: "string" }, optional: true },
        ],
      },
      help: "",
      example: "+demo:column:name=Age,type=date,JSONPath=.metadata.creationTimestamp",
    },
    {
      name: "demo:method",
      targets: ["type"],
      repeatable: true,
      payload: {
        kind: "args",
        positional: { name: "name", type: "string" },
        args: [
          { name: "verb", type: "string" },
          { name: "result", type: "string", optional: true },
        ],
      },
      help: "",
      example: "+demo:method=GetScale,verb=get",
    },
    {
      name: "demo:opts",
      targets: ["type"],
      payload: { kind: "args", args: [{ name: "a", type: "string", optional: true }] },
      help: "",
      example: "+demo:opts:a=x",
    },
    {
      name: "demo:checked",
      targets: ["field"],
      payload: { kind: "value", type: "string" },
      help: "",
      example: "+demo:checked=ok",
      check: (v) => (v === "ok" ? undefined : "must be ok"),
    },
    { name: "demo:old", targets: ["field"], payload: { kind: "flag" }, help: "", example: "+demo:old", deprecated: "use +demo:flag" },
    { name: "solo", targets: ["field"], payload: { kind: "flag" }, help: "", example: "+solo" },
  ];
  return new MarkerRegistry().addNamespace("demo:").addNamespace("solo").defineAll(defs);
}

/** Comment lines starting at column `col` on consecutive lines from 1. */
export function lines(texts: readonly string[], col = 4, file = "a.ts"): CommentLine[] {
  return texts.map((text, i) => ({ text, line: i + 1, col, file }));
}

/** Parses one marker line at column 4 of line 1. */
export function one(text: string, target: MarkerTarget = "field", registry = testRegistry()) {
  const r = parseMarkers(lines([text]), target, registry);
  return { ...r, marker: r.markers[0], diag: r.diagnostics[0] };
}

/** The parsed value of a marker line; fails the test on any diagnostic. */
export function valueOf(text: string, target: MarkerTarget = "field"): unknown {
  const r = one(text, target);
  if (r.diagnostics.length > 0) throw new Error(`unexpected diagnostics for ${text}: ${JSON.stringify(r.diagnostics)}`);
  return r.marker?.value;
}
