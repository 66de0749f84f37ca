import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseMarkers, type MarkerTarget } from "../../src/markers/index.js";
import { crdMetadataOf, kubernetesMarkers, kubernetesMarkerDefinitions, knownNamespaces } from "../../src/vocab/index.js";
import { markers, parse } from "./helpers.js";

/** Every marker the input dialect names (docs/guide/writing-api-packages.md, the issues), with the targets it must accept. */
const required: Record<string, readonly MarkerTarget[]> = {
  genclient: ["type"],
  "genclient:nonNamespaced": ["type"],
  "genclient:noVerbs": ["type"],
  "genclient:onlyVerbs": ["type"],
  "genclient:skipVerbs": ["type"],
  "genclient:noStatus": ["type"],
  "genclient:readonly": ["type"],
  "genclient:method": ["type"],
  "k8s:deepcopy-gen": ["package", "type"],
  "k8s:deepcopy-gen:interfaces": ["type"],
  "k8s:deepcopy-gen:unknown": ["package", "type", "field"],
  groupName: ["package"],
  groupGoName: ["package"],
  versionName: ["package"],
  "kubebuilder:object:root": ["type"],
  "kubebuilder:object:generate": ["package", "type"],
  "kubebuilder:resource": ["type"],
  "kubebuilder:subresource:status": ["type"],
  "kubebuilder:subresource:scale": ["type"],
  "kubebuilder:printcolumn": ["type"],
  "kubebuilder:storageversion": ["type"],
  "kubebuilder:skipversion": ["type"],
  "kubebuilder:unservedversion": ["type"],
  "kubebuilder:deprecatedversion": ["type"],
  "kubebuilder:selectablefield": ["type"],
  "kubebuilder:metadata": ["type"],
  "kubebuilder:default": ["field"],
  default: ["field"],
  "kubebuilder:example": ["field"],
  "kubebuilder:title": ["field"],
  "kubebuilder:externalDocs": ["field", "type"],
  "kubebuilder:pruning:PreserveUnknownFields": ["field", "type"],
  "k8s:immutable": ["field"],
  optional: ["field"],
  required: ["field"],
  nullable: ["field"],
  "k8s:optional": ["field"],
  "k8s:required": ["field"],
  listType: ["field"],
  listMapKey: ["field"],
  mapType: ["field"],
  structType: ["field"],
  "k8s:listType": ["field"],
  "k8s:listMapKey": ["field"],
  "k8s:mapType": ["field"],
  "k8s:structType": ["field"],
  "k8s:openapi-gen": ["package", "type", "field"],
  "kubebuilder:validation:Optional": ["package", "field"],
  "kubebuilder:validation:Required": ["package", "field"],
  "kubebuilder:validation:Nullable": ["field"],
  "kubebuilder:validation:Schemaless": ["field"],
  "kubebuilder:validation:EmbeddedResource": ["field"],
  "kubebuilder:validation:AtMostOneOf": ["type"],
  "kubebuilder:validation:ExactlyOneOf": ["type"],
  "kubebuilder:validation:AtLeastOneOf": ["type"],
};
for (const v of [
  "Minimum",
  "Maximum",
  "ExclusiveMinimum",
  "ExclusiveMaximum",
  "MultipleOf",
  "MinLength",
  "MaxLength",
  "Pattern",
  "MinItems",
  "MaxItems",
  "UniqueItems",
  "MinProperties",
  "MaxProperties",
  "Enum",
  "Format",
  "Type",
  "XEmbeddedResource",
  "XIntOrString",
  "XPreserveUnknownFields",
  "XValidation",
]) {
  required[`kubebuilder:validation:${v}`] = ["field", "type"];
  required[`kubebuilder:validation:items:${v}`] = ["field", "type"];
}

describe("the Kubernetes marker registry", () => {
  for (const [name, targets] of Object.entries(required)) {
    it(`declares +${name} on ${targets.join(", ")}`, () => {
      const def = kubernetesMarkers.lookup(name);
      assert.ok(def, `+${name} is not declared`);
      for (const t of targets) assert.ok(def.targets.includes(t), `+${name} does not accept ${t}`);
    });
  }

  it("gives every declaration help, an example and a family", () => {
    for (const d of kubernetesMarkerDefinitions) {
      assert.ok(d.help.length > 10, `+${d.name} has no help`);
      assert.ok(d.example.startsWith(`+${d.name}`), `+${d.name} example ${d.example}`);
      assert.ok(d.family.length > 0);
    }
  });

  it("parses every example cleanly on every target of its marker", () => {
    for (const d of kubernetesMarkerDefinitions) {
      for (const t of d.targets) {
        // Their examples are the package form, which names what a type or field cannot.
        if ((d.name === "k8s:deepcopy-gen" || d.name === "k8s:conversion-gen") && t !== "package") continue;
        const r = parseMarkers([{ text: d.example, line: 1, col: 1, file: "x.ts" }], t, kubernetesMarkers);
        assert.deepEqual(
          r.diagnostics.filter((x) => x.severity === "error"),
          [],
          `${d.example} on ${t}`,
        );
        assert.equal(r.markers[0]?.def, d, `${d.example} resolved to ${r.markers[0]?.name}`);
      }
    }
  });

  it("gives schema markers an order and only schema markers an effect", () => {
    for (const d of kubernetesMarkerDefinitions) {
      if (d.applyToSchema) assert.equal(typeof d.order, "number", d.name);
      else assert.equal(d.order, undefined, d.name);
    }
  });

  it("declares the known namespaces of docs/architecture.md#markers-as-data", () => {
    for (const ns of [
      "genclient",
      "k8s",
      "kubebuilder",
      "groupName",
      "versionName",
      "optional",
      "required",
      "nullable",
      "default",
      "listType",
      "listMapKey",
      "mapType",
      "structType",
    ]) {
      assert.ok((knownNamespaces as readonly string[]).includes(ns), ns);
    }
  });
});

describe("Kubernetes marker values", () => {
  it("parses the genclient family as client-gen writes it", () => {
    const ms = markers(
      [
        "+genclient",
        "+genclient:nonNamespaced",
        "+genclient:onlyVerbs=create,get",
        "+genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale",
        "+genclient:method=UpdateScale,verb=update,subresource=scale,input=Scale,result=Scale",
      ],
      "type",
    );
    assert.deepEqual(
      ms.map((m) => m.value),
      [
        true,
        true,
        ["create", "get"],
        { name: "GetScale", verb: "get", subresource: "scale", result: "k8s.io/api/autoscaling/v1.Scale" },
        { name: "UpdateScale", verb: "update", subresource: "scale", input: "Scale", result: "Scale" },
      ],
    );
    assert.deepEqual(markers(["+genclient:skipVerbs=updateStatus;patch"], "type")[0]?.value, ["updateStatus", "patch"]);
  });

  it("rejects unknown client verbs with a suggestion", () => {
    const r = parse(["+genclient:onlyVerbs=create,gett"], "type");
    assert.equal(r.diagnostics[0]?.code, "KCG1103");
    assert.equal(r.diagnostics[0]?.hint, "did you mean get?");
    assert.equal(r.diagnostics[0]?.col, 4 + "+genclient:onlyVerbs=create,".length);
  });

  it("parses resource, scale, printcolumn, selectablefield and deprecatedversion arguments", () => {
    const ms = markers(
      [
        "+kubebuilder:resource:path=foos,shortName=fo;f,categories={all,sample},scope=Cluster",
        "+kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas",
        '+kubebuilder:printcolumn:name="Ready",type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].status`,priority=1',
        "+kubebuilder:selectablefield:JSONPath=`.spec.color`",
        '+kubebuilder:deprecatedversion:warning="use v2"',
        "+kubebuilder:deprecatedversion",
      ].slice(0, 5),
      "type",
    );
    assert.deepEqual(
      ms.map((m) => m.value),
      [
        { path: "foos", shortName: ["fo", "f"], categories: ["all", "sample"], scope: "Cluster" },
        { specpath: ".spec.replicas", statuspath: ".status.replicas" },
        { name: "Ready", type: "string", JSONPath: '.status.conditions[?(@.type=="Ready")].status', priority: 1 },
        { JSONPath: ".spec.color" },
        { warning: "use v2" },
      ],
    );
    assert.deepEqual(markers(["+kubebuilder:deprecatedversion"], "type")[0]?.value, {});
  });

  it("requires scale paths and printcolumn name, type and JSONPath", () => {
    assert.equal(parse(["+kubebuilder:subresource:scale:specpath=.spec.replicas"], "type").diagnostics[0]?.code, "KCG1106");
    const r = parse(["+kubebuilder:printcolumn:name=Age"], "type");
    assert.equal(r.diagnostics[0]?.code, "KCG1106");
    assert.match(r.diagnostics[0]?.message ?? "", /type, JSONPath/);
  });

  it("rejects a bad scope and column type with suggestions", () => {
    assert.equal(parse(["+kubebuilder:resource:scope=cluster"], "type").diagnostics[0]?.hint, "did you mean Cluster?");
    assert.equal(parse(["+kubebuilder:printcolumn:name=A,type=strng,JSONPath=.a"], "type").diagnostics[0]?.hint, "did you mean string?");
  });

  it("parses object, version and package markers", () => {
    assert.deepEqual(
      markers(["+kubebuilder:object:root=true", "+kubebuilder:object:generate=false", "+kubebuilder:storageversion"], "type").map(
        (m) => m.value,
      ),
      [true, false, true],
    );
    assert.deepEqual(
      markers(
        ["+groupName=samplecontroller.k8s.io", "+versionName=v1beta1", "+groupGoName=Sample", "+k8s:deepcopy-gen=package"],
        "package",
      ).map((m) => m.value),
      ["samplecontroller.k8s.io", "v1beta1", "Sample", "package"],
    );
  });

  it("accepts +groupName= for the core group", () => {
    assert.equal(markers(["+groupName="], "package")[0]?.value, "");
  });

  it("rejects groupName, versionName and groupGoName values that cannot be", () => {
    assert.match(parse(["+groupName=Sample_Group"], "package").diagnostics[0]?.message ?? "", /not a DNS subdomain/);
    assert.match(parse(["+versionName=V1"], "package").diagnostics[0]?.message ?? "", /not a valid version name/);
    assert.match(parse(["+groupGoName=my-group"], "package").diagnostics[0]?.message ?? "", /not an identifier/);
  });

  it("checks +k8s:deepcopy-gen values against where they sit", () => {
    assert.equal(markers(["+k8s:deepcopy-gen=false"], "type")[0]?.value, "false");
    assert.equal(markers(["+k8s:deepcopy-gen=true"], "type")[0]?.value, "true");
    assert.match(parse(["+k8s:deepcopy-gen=package"], "type").diagnostics[0]?.message ?? "", /belongs in doc\.ts/);
    assert.match(parse(["+k8s:deepcopy-gen=true"], "package").diagnostics[0]?.message ?? "", /=package or =false/);
    assert.equal(parse(["+k8s:deepcopy-gen=pakage"], "package").diagnostics[0]?.hint, "did you mean package?");
  });

  it("accepts +k8s:deepcopy-gen:unknown=json on a field, a type and the package", () => {
    for (const t of ["field", "type", "package"] as const) assert.equal(markers(["+k8s:deepcopy-gen:unknown=json"], t)[0]?.value, "json");
    assert.equal(parse(["+k8s:deepcopy-gen:unknown=yaml"], "field").diagnostics[0]?.code, "KCG1103");
  });

  it("parses +kubebuilder:metadata and collects annotations and labels", () => {
    const ms = markers(
      ['+kubebuilder:metadata:annotations="a.io/x=1";"b=two=2",labels=team=storage', "+kubebuilder:metadata:labels={tier=api}"],
      "type",
    );
    assert.deepEqual(crdMetadataOf(ms), { annotations: { "a.io/x": "1", b: "two=2" }, labels: { team: "storage", tier: "api" } });
    assert.match(
      parse(["+kubebuilder:metadata:labels=novalue"], "type").diagnostics[0]?.message ?? "",
      /"novalue" is not in key=value form/,
    );
  });
});

describe("unknown and misplaced Kubernetes markers", () => {
  const unknown: [text: string, target: MarkerTarget, hint: string][] = [
    ["+kubebuilder:validation:Minimun=1", "field", "did you mean +kubebuilder:validation:Minimum?"],
    ["+kubebuilder:validation:minLength=1", "field", "did you mean +kubebuilder:validation:MinLength?"],
    ["+kubebuilder:Minimum=1", "field", "did you mean +kubebuilder:validation:Minimum?"],
    ["+kubebuilder:validation:item:Minimum=1", "field", "did you mean +kubebuilder:validation:items:Minimum?"],
    ["+genclient:nonNamespace", "type", "did you mean +genclient:nonNamespaced?"],
    ["+genclient:onlyverbs=get", "type", "did you mean +genclient:onlyVerbs?"],
    ["+k8s:deepcopy-gen:unknwon=json", "field", "did you mean +k8s:deepcopy-gen:unknown?"],
    ["+listtype=map", "field", "did you mean +listType?"],
    ["+kubebuilder:subresource:stats", "type", "did you mean +kubebuilder:subresource:status?"],
    ["+kubebuilder:printcolum:name=A,type=string,JSONPath=.a", "type", "did you mean +kubebuilder:printcolumn?"],
    ["+GroupName=a.b", "package", "did you mean +groupName?"],
  ];
  for (const [text, target, hint] of unknown) {
    it(`${text} → KCG1101, ${hint}`, () => {
      const r = parse([text], target);
      assert.equal(r.diagnostics.length, 1, JSON.stringify(r.diagnostics));
      assert.equal(r.diagnostics[0]!.code, "KCG1101");
      assert.equal(r.diagnostics[0]!.hint, hint);
    });
  }

  // Markers controller-gen does not know, or refuses there (+k8s:enum on a field).
  const misplaced: [text: string, target: MarkerTarget][] = [
    ["+genclient", "field"],
    ["+genclient", "package"],
    ["+groupGoName=A", "type"],
    ["+k8s:enum", "field"],
    ["+k8s:maxLength=3", "package"],
    ["+kubebuilder:validation:Nullable", "type"],
  ];
  for (const [text, target] of misplaced) {
    it(`${text} on a ${target} → KCG1102`, () => {
      const r = parse([text], target);
      assert.equal(r.diagnostics[0]?.code, "KCG1102");
      assert.equal(r.diagnostics[0]?.severity, "error");
      assert.equal(r.markers.length, 0);
    });
  }

  // CRD markers controller-gen v0.23 knows but skips on these targets.
  const ignored: [text: string, target: MarkerTarget][] = [
    ["+groupName=a.b", "type"],
    ["+kubebuilder:validation:Required", "type"],
    ["+kubebuilder:printcolumn:name=A,type=string,JSONPath=.a", "field"],
    ["+kubebuilder:validation:AtMostOneOf=a;b", "field"],
    ["+optional", "type"],
    ["+kubebuilder:subresource:status", "field"],
    ["+listType=map", "package"],
  ];
  for (const [text, target] of ignored) {
    it(`${text} on a ${target} → KCG1115 warning, ignored`, () => {
      const r = parse([text], target);
      assert.deepEqual(
        r.diagnostics.map((d) => [d.code, d.severity]),
        [["KCG1115", "warning"]],
      );
      assert.equal(r.markers.length, 0);
    });
  }

  it("leaves other namespaces alone", () => {
    const r = parse(["+operator-sdk:csv:customresourcedefinitions:displayName=Foo", "+controller:thing", "+x"], "type");
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(r.markers, []);
  });

  it("accepts Go-generator markers with no effect here", () => {
    const r = parse(
      [
        "+k8s:openapi-gen=true",
        "+k8s:conversion-gen=false",
        "+k8s:prerelease-lifecycle-gen:introduced=1.20",
        "+kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list",
      ],
      "package",
    );
    assert.deepEqual(r.diagnostics, []);
    assert.equal(r.markers.length, 4);
  });

  it("reports repeated non-repeatable markers but allows repeatable ones", () => {
    assert.equal(parse(["+kubebuilder:validation:Minimum=1", "+kubebuilder:validation:Minimum=2"]).diagnostics[0]?.code, "KCG1107");
    const ok = parse([
      "+listMapKey=a",
      "+listMapKey=b",
      '+kubebuilder:validation:XValidation:rule="true"',
      '+kubebuilder:validation:XValidation:rule="false"',
    ]);
    assert.deepEqual(ok.diagnostics, []);
  });
});

describe("markers that are accepted but mean something else, or nothing", () => {
  it("`:=` on a single-value marker reads as `=`, as controller-gen reads it, and warns at the `:=`", () => {
    const r = parse(["+kubebuilder:validation:Minimum:=400"]);
    assert.deepEqual(
      r.markers.map((m) => [m.name, m.value]),
      [["kubebuilder:validation:Minimum", 400]],
    );
    assert.deepEqual(
      r.diagnostics.map((d) => [d.severity, d.code, d.col, d.length, d.hint]),
      [["warning", "KCG1113", 4 + "+kubebuilder:validation:Minimum".length, 2, "write +kubebuilder:validation:Minimum=400"]],
    );
    assert.match(r.diagnostics[0]!.message, /is read as \+kubebuilder:validation:Minimum=400/);
  });

  it("`:=` is +kubebuilder:default's documented spelling: no warning there", () => {
    const r = parse(["+kubebuilder:default:=3"]);
    assert.deepEqual(r.diagnostics, []);
    assert.equal(r.markers[0]?.value, 3);
  });

  it("`:=` before named arguments is refused at the `:=`, as controller-gen fails on it", () => {
    const r = parse(['+kubebuilder:printcolumn:=name="A",type=string,JSONPath=".spec.a"'], "type");
    assert.deepEqual(r.markers, []);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.severity, d.code, d.col, d.length]),
      [["error", "KCG1103", 4 + "+kubebuilder:printcolumn".length, 2]],
    );
  });

  it("+union, +unionDiscriminator, +unionMember, +patchStrategy and +patchMergeKey warn that they change nothing", () => {
    for (const [text, target, instead] of [
      ["+union", "type", /ExactlyOneOf/],
      ["+unionDiscriminator", "field", /ExactlyOneOf/],
      ["+unionMember", "field", /ExactlyOneOf/],
      ["+patchStrategy=merge", "field", /\+listType=map/],
      ["+patchMergeKey=name", "field", /\+listMapKey/],
    ] as const) {
      const r = parse([text], target);
      assert.equal(r.markers.length, 1, text);
      assert.deepEqual(
        r.diagnostics.map((d) => [d.severity, d.code]),
        [["warning", "KCG1114"]],
        text,
      );
      assert.match(r.diagnostics[0]!.message, /is accepted but has no effect/);
      assert.match(r.diagnostics[0]!.message, instead);
      assert.match(r.diagnostics[0]!.hint ?? "", /controller-gen ignores it/);
    }
  });
});
