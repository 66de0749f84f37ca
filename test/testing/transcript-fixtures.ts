// What each transcript file assumes exists before its first exchange: the Widget and Gadget CRDs (from
// crd_lifecycle's first exchanges), the `transcripts` namespace, and objects made by unrecorded requests
// (those a file's first list shows, the finalizers file's `f2` and `owner`, the builtin file's Event).
import { loadTranscript, type Exchange, type Fixture } from "./transcript-replay.js";

type Obj = Record<string, unknown>;

const WIDGETS = "/apis/conformance.example.com/v1/namespaces/transcripts/widgets";

/** The Widget and Gadget CRDs as the recording created them. */
export function conformanceCrds(): Obj[] {
  const lifecycle = loadTranscript("crd_lifecycle");
  return [0, 1].map((i) => structuredClone(lifecycle[i]?.request.body as Obj));
}

const NAMESPACE: Obj = { apiVersion: "v1", kind: "Namespace", metadata: { name: "transcripts" } };

function widgetSeed(name: string, uid: string): Fixture["seeds"][number] {
  return {
    path: WIDGETS,
    object: {
      apiVersion: "conformance.example.com/v1",
      kind: "Widget",
      metadata: { name, labels: { app: "demo" } },
      spec: { size: "medium" },
    },
    recorded: { metadata: { uid } },
  };
}

/** Seeds from the items of a file's first list answer (created in resourceVersion order). */
function seedsFromFirstList(exchanges: Exchange[]): Fixture["seeds"] {
  const first = exchanges[0];
  const items = ((first?.response.body as Obj | undefined)?.["items"] ?? []) as Obj[];
  const path = (first?.request.path ?? "").split("?")[0] ?? "";
  return [...items]
    .sort((a, b) => Number((a["metadata"] as Obj)["resourceVersion"]) - Number((b["metadata"] as Obj)["resourceVersion"]))
    .map((item) => {
      const object = structuredClone(item);
      const meta = object["metadata"] as Obj;
      for (const f of ["uid", "resourceVersion", "creationTimestamp", "managedFields", "generation"]) delete meta[f];
      return {
        path,
        object,
        recorded: { metadata: { uid: (item["metadata"] as Obj)["uid"], resourceVersion: (item["metadata"] as Obj)["resourceVersion"] } },
      };
    });
}

/** The fixture for one transcript file. */
export function fixtureFor(file: string, exchanges: Exchange[]): Fixture {
  if (file === "crd_lifecycle") return { crds: [], objects: [], seeds: [] };
  const base: Fixture = { crds: conformanceCrds(), objects: [NAMESPACE], seeds: [] };
  if (file === "list_and_select" || file === "watch") base.seeds = seedsFromFirstList(exchanges);
  if (file === "finalizers_and_owners")
    base.seeds = [widgetSeed("f2", "2eddfc6a-62d5-483e-9452-3c64d8b294ec"), widgetSeed("owner", "cc745812-11c7-4f60-9853-6e1201a0713a")];
  if (file === "builtin")
    base.seeds = [
      {
        path: "/api/v1/namespaces/transcripts/events",
        object: {
          apiVersion: "v1",
          kind: "Event",
          metadata: { name: "example-foo.1" },
          involvedObject: { kind: "Deployment", name: "example-foo", namespace: "transcripts" },
          reason: "Synced",
          message: "Foo synced successfully",
          type: "Normal",
        },
      },
    ];
  return base;
}
