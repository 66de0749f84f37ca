// typedClient: a generated client's verbs are ResourceClient's, picked by verb and bound, so a
// detached method still reaches its resource and namespace, and a verb not given is absent both
// from the object and from its type.
import { test } from "node:test";
import assert from "node:assert/strict";
import { typedClient } from "../src/index.js";
import type { KubeObject, ObjectList, RestConfig, RestRequest, Transport } from "../src/index.js";

const widgets = { group: "example.com", version: "v1", plural: "widgets", kind: "Widget", namespaced: true };

/** A transport that records each request and answers every one with an empty list. */
function recorder(): { transport: Transport; seen: RestRequest[] } {
  const seen: RestRequest[] = [];
  const fail = (): Promise<never> => Promise.reject(new Error("not used"));
  const transport: Transport = {
    config: { server: "https://example.invalid" } as RestConfig,
    request: fail,
    stream: fail,
    json: <T>(req: RestRequest) => {
      seen.push(req);
      return Promise.resolve({ items: [], metadata: {} } as T);
    },
  };
  return { transport, seen };
}

test("only the given verbs' methods exist, list bringing listAll and listAllItems", () => {
  const { transport } = recorder();
  const c = typedClient<KubeObject, ObjectList<KubeObject>, "get" | "list">(transport, widgets, ["get", "list"], "ns");
  assert.deepEqual(Object.keys(c).sort(), ["get", "list", "listAll", "listAllItems"]);
  // @ts-expect-error create was not given
  assert.equal(c.create, undefined);
  assert.equal((c as Record<string, unknown>)["namespace"], undefined);
});

test("the methods are bound: a detached one still uses its resource and namespace", async () => {
  const { transport, seen } = recorder();
  const { get, listAllItems } = typedClient<KubeObject, ObjectList<KubeObject>, "get" | "list">(transport, widgets, ["get", "list"], "ns");
  await get("w1");
  assert.deepEqual(await listAllItems(), []);
  assert.deepEqual(
    seen.map((r) => `${r.method} ${r.path}`),
    ["GET /apis/example.com/v1/namespaces/ns/widgets/w1", "GET /apis/example.com/v1/namespaces/ns/widgets"],
  );
});

test("a namespace on a cluster-scoped resource is refused, as ResourceClient refuses it", () => {
  const { transport } = recorder();
  assert.throws(() => typedClient(transport, { ...widgets, namespaced: false }, ["get"], "ns"), /cluster-scoped/);
});
