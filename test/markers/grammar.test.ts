import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { one, valueOf } from "./helpers.js";

/** Column (1-based, marker `+` at column 4) of the first occurrence of `needle` in `text`. */
function colOf(text: string, needle: string, from = 0): number {
  const i = text.indexOf(needle, from);
  assert.ok(i >= 0, `${needle} not in ${text}`);
  return 4 + i;
}

describe("marker grammar: scalar values", () => {
  it("parses flags as true", () => {
    assert.equal(valueOf("+demo:flag", "type"), true);
  });

  it("parses bare, quoted and backtick strings", () => {
    assert.equal(valueOf("+demo:str=hello"), "hello");
    assert.equal(valueOf('+demo:str="hello, world"'), "hello, world");
    assert.equal(valueOf('+demo:str=`a\\d+"b`'), 'a\\d+"b');
  });

  it("keeps a bare top-level string verbatim to the end of the line, punctuation included", () => {
    assert.equal(valueOf("+demo:str=^[a-z]{1,3}(;|,)$"), "^[a-z]{1,3}(;|,)$");
    assert.equal(valueOf("+demo:str=foo.example.com"), "foo.example.com");
    assert.equal(valueOf("+demo:str=two words   "), "two words");
  });

  it("allows an empty string value", () => {
    assert.equal(valueOf("+demo:str="), "");
    assert.equal(valueOf('+demo:str=""'), "");
  });

  it("decodes Go escapes in double-quoted strings", () => {
    assert.equal(valueOf('+demo:str="a\\nb\\t\\"c\\"\\\\"'), 'a\nb\t"c"\\');
    assert.equal(valueOf('+demo:str="\\x41\\u00e9\\U0001F600\\101"'), "Aé😀A");
  });

  it("treats an unpaired backtick as an ordinary character, as controller-gen's retry does", () => {
    assert.equal(valueOf("+demo:str=^[a-z`]+$"), "^[a-z`]+$");
  });

  it("parses integers, including signs", () => {
    assert.equal(valueOf("+demo:int=42"), 42);
    assert.equal(valueOf("+demo:int=-7"), -7);
    assert.equal(valueOf("+demo:int=+3"), 3);
  });

  it("parses numbers: decimals, negatives, exponents", () => {
    assert.equal(valueOf("+demo:num=1.5"), 1.5);
    assert.equal(valueOf("+demo:num=-0.25"), -0.25);
    assert.equal(valueOf("+demo:num=1e3"), 1000);
    assert.equal(valueOf("+demo:num=.5"), 0.5);
    assert.equal(valueOf("+demo:num=3"), 3);
  });

  it("parses bools, and an omitted optional bool as true", () => {
    assert.equal(valueOf("+demo:bool=true"), true);
    assert.equal(valueOf("+demo:bool=false"), false);
    assert.equal(valueOf("+demo:bool"), true);
  });

  it("leaves an omitted optional non-bool value undefined", () => {
    const r = one("+demo:opt", "package");
    assert.deepEqual(r.diagnostics, []);
    assert.equal(r.marker?.value, undefined);
  });

  it("parses enum values", () => {
    assert.equal(valueOf("+demo:enum=map"), "map");
  });

  it("takes raw payloads verbatim", () => {
    assert.equal(valueOf("+demo:raw=a, b; {c"), "a, b; {c");
    assert.equal(one("+demo:raw").marker?.value, undefined);
  });
});

describe("marker grammar: lists and maps", () => {
  it("parses semicolon lists", () => {
    assert.deepEqual(valueOf("+demo:list=a;b;c"), ["a", "b", "c"]);
  });

  it("parses brace lists, with spaces and quoted items", () => {
    assert.deepEqual(valueOf('+demo:list={a, "b,c", `d;e`}'), ["a", "b,c", "d;e"]);
    assert.deepEqual(valueOf("+demo:list={}"), []);
  });

  it("accepts gengo's comma lists for a whole value payload", () => {
    assert.deepEqual(valueOf("+demo:list=create,get"), ["create", "get"]);
  });

  it("parses a single item as a one-element list", () => {
    assert.deepEqual(valueOf("+demo:list=all"), ["all"]);
  });

  it("accepts a trailing semicolon, as controller-gen does", () => {
    assert.deepEqual(valueOf("+demo:list=a;b;"), ["a", "b"]);
  });

  it("types list items", () => {
    assert.deepEqual(valueOf("+demo:ints={1,-2,3}"), [1, -2, 3]);
    assert.deepEqual(valueOf("+demo:ints=4;5"), [4, 5]);
  });

  it("parses maps with bare and quoted keys", () => {
    assert.deepEqual(valueOf('+demo:map={a: 1, "b c": 2}'), { a: 1, "b c": 2 });
    assert.deepEqual(valueOf("+demo:map={}"), {});
  });

  it("keeps a __proto__ key as plain data", () => {
    const v = valueOf('+demo:map={"__proto__": 1}') as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(v), Object.prototype);
    assert.deepEqual(Object.keys(v), ["__proto__"]);
    assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
  });
});

describe("marker grammar: any (guessed) values", () => {
  it("guesses scalars as controller-gen does", () => {
    assert.equal(valueOf("+demo:any=true"), true);
    assert.equal(valueOf("+demo:any=3"), 3);
    assert.equal(valueOf("+demo:any=-1.25"), -1.25);
    assert.equal(valueOf("+demo:any=Cluster"), "Cluster");
    assert.equal(valueOf('+demo:any="3"'), "3");
    assert.equal(valueOf("+demo:any=100Mi"), "100Mi");
    assert.equal(valueOf("+demo:any=2024-01-15"), "2024-01-15");
    assert.equal(valueOf("+demo:any=null"), null);
  });

  it("guesses {k: v} as a map and {a,b} as a list; {} is an empty map", () => {
    assert.deepEqual(valueOf("+demo:any={policy: Delete, max: 2, on: true}"), { policy: "Delete", max: 2, on: true });
    assert.deepEqual(valueOf("+demo:any={1,2,3}"), [1, 2, 3]);
    assert.deepEqual(valueOf("+demo:any={a,b}"), ["a", "b"]);
    assert.deepEqual(valueOf("+demo:any={}"), {});
  });

  it("nests maps, lists and JSON arrays", () => {
    assert.deepEqual(valueOf('+demo:any={a: {b: {c: "d"}}, e: {1,2}, f: [1, "x", {"g": null}], h: x;y}'), {
      a: { b: { c: "d" } },
      e: [1, 2],
      f: [1, "x", { g: null }],
      h: ["x", "y"],
    });
  });

  it("guesses a top-level a;b as a list", () => {
    assert.deepEqual(valueOf("+demo:any=a;2;true"), ["a", 2, true]);
  });

  it("parses JSON-looking objects with quoted keys", () => {
    assert.deepEqual(valueOf('+demo:any={"a": 1, "b": "two"}'), { a: 1, b: "two" });
  });
});

describe("marker grammar: JSON", () => {
  it("parses any JSON document", () => {
    assert.deepEqual(valueOf('+demo:json={"a": [1, 2, {"b": null}], "c": "d"}'), { a: [1, 2, { b: null }], c: "d" });
    assert.equal(valueOf('+demo:json="text"'), "text");
    assert.equal(valueOf("+demo:json=12.5"), 12.5);
    assert.equal(valueOf("+demo:json=false"), false);
    assert.deepEqual(valueOf("+demo:json=[]"), []);
  });

  it("reports invalid JSON at the offending column", () => {
    const text = '+demo:json={"a": oops}';
    const r = one(text);
    assert.equal(r.diag?.code, "KCG1103");
    assert.equal(r.diag?.col, colOf(text, "oops"));
    assert.match(r.diag?.message ?? "", /invalid JSON/);
  });

  it("reports an unquoted JSON string with a hint", () => {
    const r = one("+demo:json=Always");
    assert.equal(r.diag?.code, "KCG1103");
    assert.equal(r.diag?.col, colOf("+demo:json=Always", "Always"));
    assert.match(r.diag?.hint ?? "", /double quotes/);
  });
});

describe("marker grammar: args", () => {
  it("parses named arguments in any order", () => {
    assert.deepEqual(valueOf("+demo:column:type=date,JSONPath=.metadata.creationTimestamp,name=Age", "type"), {
      type: "date",
      JSONPath: ".metadata.creationTimestamp",
      name: "Age",
    });
  });

  it("takes the first argument name from the marker name's last segment", () => {
    assert.deepEqual(valueOf('+demo:column:name="Ready",type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].status`', "type"), {
      name: "Ready",
      type: "string",
      JSONPath: '.status.conditions[?(@.type=="Ready")].status',
    });
  });

  it("accepts args after '=' too", () => {
    assert.deepEqual(valueOf("+demo:column=name=Age,type=date,JSONPath=.x", "type"), { name: "Age", type: "date", JSONPath: ".x" });
  });

  it("keeps quoted sections inside bare argument values", () => {
    assert.deepEqual(valueOf('+demo:column:name=R,type=string,JSONPath=.a[?(@.t=="x,y")].b', "type"), {
      name: "R",
      type: "string",
      JSONPath: '.a[?(@.t=="x,y")].b',
    });
  });

  it("parses typed and list arguments", () => {
    assert.deepEqual(valueOf("+demo:column:name=A,type=string,JSONPath=.a,priority=1,tags=x;y", "type"), {
      name: "A",
      type: "string",
      JSONPath: ".a",
      priority: 1,
      tags: ["x", "y"],
    });
    assert.deepEqual(valueOf("+demo:column:name=A,type=string,JSONPath=.a,tags={x,y}", "type"), {
      name: "A",
      type: "string",
      JSONPath: ".a",
      tags: ["x", "y"],
    });
  });

  it("parses a leading positional value (genclient:method style)", () => {
    assert.deepEqual(valueOf("+demo:method=GetScale,verb=get,result=Scale", "type"), { name: "GetScale", verb: "get", result: "Scale" });
  });

  it("accepts an args marker with only optional args and none given", () => {
    assert.deepEqual(valueOf("+demo:opts", "type"), {});
  });

  it("reports an unknown argument with a did-you-mean hint at its column", () => {
    const text = "+demo:column:name=Age,typ=date,JSONPath=.x";
    const r = one(text, "type");
    assert.equal(r.diag?.code, "KCG1105");
    assert.equal(r.diag?.col, colOf(text, "typ="));
    assert.equal(r.diag?.length, 3);
    assert.equal(r.diag?.hint, "did you mean type?");
  });

  it("suggests an argument whose case differs", () => {
    const r = one("+demo:column:name=Age,type=date,jsonPath=.x", "type");
    assert.equal(r.diag?.code, "KCG1105");
    assert.equal(r.diag?.hint, "did you mean JSONPath?");
  });

  it("reports an unknown leading argument at the name segment", () => {
    const text = "+demo:column:nme=Age,type=date,JSONPath=.x";
    const r = one(text, "type");
    assert.equal(r.diag?.code, "KCG1105");
    assert.equal(r.diag?.col, colOf(text, "nme"));
    assert.equal(r.diag?.hint, "did you mean name?");
  });

  it("reports missing required arguments", () => {
    const r = one("+demo:column:name=Age", "type");
    assert.equal(r.diag?.code, "KCG1106");
    assert.match(r.diag?.message ?? "", /missing arguments type, JSONPath/);
    assert.equal(r.diag?.col, 4);
  });

  it("reports a missing positional value", () => {
    const r = one("+demo:method=verb=get", "type");
    assert.equal(r.diag?.code, "KCG1106");
    assert.match(r.diag?.message ?? "", /missing argument name/);
  });

  it("reports an argument given twice", () => {
    const text = "+demo:column:name=A,type=date,JSONPath=.x,name=B";
    const r = one(text, "type");
    assert.equal(r.diag?.code, "KCG1103");
    assert.equal(r.diag?.col, colOf(text, "name=B"));
  });

  it("reports a missing comma between arguments at the stray token", () => {
    const text = '+demo:column:name="A" type=date,JSONPath=.x';
    const r = one(text, "type");
    assert.equal(r.diag?.code, "KCG1103");
    assert.equal(r.diag?.col, colOf(text, "type"));
  });

  it("reports a trailing comma", () => {
    const text = "+demo:column:name=A,type=date,JSONPath=.x,";
    const r = one(text, "type");
    assert.equal(r.diag?.code, "KCG1103");
    assert.equal(r.diag?.col, 4 + text.length - 1);
  });

  it("reports a bad enum argument with a suggestion", () => {
    const text = "+demo:column:name=A,type=dat,JSONPath=.x";
    const r = one(text, "type");
    assert.equal(r.diag?.code, "KCG1103");
    assert.equal(r.diag?.col, colOf(text, "dat,"));
    assert.equal(r.diag?.hint, "did you mean date?");
  });

  it("reports '=' missing after a name segment", () => {
    const r = one("+demo:column:name", "type");
    assert.equal(r.diag?.code, "KCG1103");
  });
});

describe("marker grammar: errors point at the exact column", () => {
  const cases: [text: string, code: string, needle: string][] = [
    ["+demo:int=one", "KCG1103", "one"],
    ["+demo:int=1.5", "KCG1103", "1.5"],
    ["+demo:int=99999999999999999999", "KCG1103", "9999"],
    ["+demo:num=1.2.3", "KCG1103", "1.2.3"],
    ["+demo:bool=yes", "KCG1103", "yes"],
    ["+demo:enum=sett", "KCG1103", "sett"],
    ['+demo:str="unterminated', "KCG1103", '"'],
    ['+demo:str="bad \\q escape"', "KCG1103", "\\q"],
    ['+demo:str="bad \\u12 escape"', "KCG1103", "\\u12"],
    ['+demo:str="x" trailing', "KCG1103", "trailing"],
    ["+demo:list={a,b", "KCG1104", "{"],
    ["+demo:list={a b;c}", "KCG1104", ";"],
    ["+demo:list={a,,b}", "KCG1104", ",b"],
    ["+demo:list={a,}", "KCG1104", ",}"],
    ["+demo:list=a;;b", "KCG1104", ";b"],
    ["+demo:list=a}", "KCG1104", "}"],
    ["+demo:ints={1,x}", "KCG1103", "x"],
    ["+demo:map={a 1}", "KCG1104", "}"],
    ["+demo:map={a: 1", "KCG1104", "{"],
    ["+demo:map={a: x}", "KCG1103", "x"],
    ["+demo:map=a", "KCG1104", "a"],
  ];
  for (const [text, code, needle] of cases) {
    it(`${text} → ${code} at ${JSON.stringify(needle)}`, () => {
      const r = one(text);
      assert.equal(r.markers.length, 0);
      assert.equal(r.diagnostics.length, 1, JSON.stringify(r.diagnostics));
      assert.equal(r.diag?.code, code, r.diag?.message);
      const from = needle === ";b" ? 0 : text.indexOf("=");
      assert.equal(r.diag?.col, colOf(text, needle, from), r.diag?.message);
      assert.equal(r.diag?.line, 1);
      assert.equal(r.diag?.file, "a.ts");
    });
  }

  it("reports an unclosed JSON array at the end of the marker", () => {
    const text = "+demo:any=[1, 2";
    const r = one(text);
    assert.equal(r.diag?.code, "KCG1103");
    assert.equal(r.diag?.col, 4 + text.length);
  });

  it("reports a JSON error inside a nested array value at its column", () => {
    const text = "+demo:any={a: [1, 'x']}";
    const r = one(text);
    assert.equal(r.diag?.code, "KCG1103");
    assert.equal(r.diag?.col, colOf(text, "'x'"));
  });

  it("reports a value on a flag at the '='", () => {
    const r = one("+demo:flag=true", "type");
    assert.equal(r.diag?.code, "KCG1103");
    assert.equal(r.diag?.col, colOf("+demo:flag=true", "="));
    assert.match(r.diag?.hint ?? "", /\+demo:flag alone/);
  });

  it("reports a missing required value", () => {
    const r = one("+demo:int");
    assert.equal(r.diag?.code, "KCG1106");
    assert.match(r.diag?.hint ?? "", /\+demo:int=1/);
  });

  it("reports prose after a marker name", () => {
    const text = "+demo:flag is nice";
    const r = one(text, "type");
    assert.equal(r.diag?.code, "KCG1103");
    assert.equal(r.diag?.col, colOf(text, "is nice"));
  });

  it("positions errors relative to the comment line's column and leading spaces", () => {
    const r = one("   +demo:int=x");
    assert.equal(r.diag?.col, 4 + 3 + "+demo:int=".length);
  });

  it("gives the whole marker as the span of unknown-marker errors", () => {
    const r = one("+demo:nope=1");
    assert.equal(r.diag?.code, "KCG1101");
    assert.equal(r.diag?.col, 4);
    assert.equal(r.diag?.length, "+demo:nope".length);
  });
});

describe("marker grammar: controller-gen spellings", () => {
  it("reads +name:=value as +name=value: silently where the marker is declared with that spelling, else with a warning", () => {
    assert.equal(valueOf("+demo:colon:=3"), 3);
    const r = one("+demo:int:=3");
    assert.equal(r.marker?.value, 3);
    assert.deepEqual([r.diag?.code, r.diag?.severity, r.diag?.col], ["KCG1113", "warning", colOf("+demo:int:=3", ":=")]);
  });

  it("runs definition checks on the parsed value", () => {
    assert.equal(valueOf("+demo:checked=ok"), "ok");
    const r = one("+demo:checked=no");
    assert.equal(r.diag?.code, "KCG1103");
    assert.match(r.diag?.message ?? "", /must be ok/);
    assert.equal(r.diag?.col, colOf("+demo:checked=no", "no"));
  });

  it("warns on deprecated markers but keeps them", () => {
    const r = one("+demo:old");
    assert.equal(r.markers.length, 1);
    assert.equal(r.diag?.code, "KCG1110");
    assert.equal(r.diag?.severity, "warning");
    assert.equal(r.diag?.hint, "use +demo:flag");
  });
});
