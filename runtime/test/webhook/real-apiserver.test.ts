// The runtime's webhook handlers against what a real kube-apiserver 1.37.2 did with them
// (test/fixtures/apiserver-1.37/webhooks.json, recorded by scripts/record-webhooks-1.37.ts with
// these handlers' logic served by WebhookServer): the same handlers, run here on the recorded
// requests, give exactly what the real server applied, wrapped as it wraps a webhook's answer:
// the defaulter's patch gives the stored object, the validator's denial is the 403 message after
// the server's `admission webhook "<name>" denied the request: `, its warning the Warning header,
// and the conversion through the hub gives the objects read at each version.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AdmissionRequest } from "../../src/index.js";
import { widgetConverter, widgetDefaulter, widgetValidator, type Widget } from "../../../test/fixtures/apiserver-1.37/widget-webhooks.js";
import { applyJsonPatch } from "../../../testing/src/patch/json-patch.js";
import type { JsonValue } from "../../../testing/src/patch/json.js";

interface Exchange {
  step: string;
  request: { method: string; path: string; body?: Widget };
  response: { status: number; warning?: string; body?: Widget & { message?: string; code?: number; reason?: string; items?: Widget[] } };
}
const { exchanges } = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../../test/fixtures/apiserver-1.37/webhooks.json"), "utf8"),
) as { exchanges: Exchange[] };
const at = (prefix: string): Exchange => exchanges.find((e) => e.step.startsWith(prefix)) ?? assert.fail(`no step "${prefix}"`);

// The recording's handlers, the very ones scripts/record-webhooks-1.37.ts served.
const defaulter = widgetDefaulter;
const validator = widgetValidator;
const request = (object: Widget): AdmissionRequest => ({
  uid: "u",
  kind: { group: "example.com", version: "v1", kind: "Widget" },
  resource: { group: "example.com", version: "v1", resource: "widgets" },
  namespace: "default",
  operation: "CREATE",
  userInfo: {},
  object: { ...object, metadata: { ...object.metadata, namespace: "default" } },
});

test("the defaulter's patch, applied as the real server applied it, gives the object it stored; the validator's warning is its Warning header", async () => {
  const e = at("create: the mutating webhook sets the default");
  assert.equal(e.response.status, 201);
  const sent = e.request.body!;
  const answer = await defaulter(request(sent));
  const applied = applyJsonPatch(JSON.parse(JSON.stringify(request(sent).object)) as JsonValue, answer.patches as unknown as JsonValue);
  assert.ok(applied.ok);
  const stored = e.response.body!;
  const mine = applied.value as unknown as Widget;
  assert.deepEqual(mine.spec, stored.spec);
  assert.deepEqual(mine.metadata?.labels, stored.metadata?.labels);
  const warned = await validator(request(mine));
  assert.deepEqual(warned.warnings, ["spec.image is unset: nginx will be used"]);
  assert.equal(e.response.warning, `299 - "${warned.warnings?.[0] ?? ""}"`);
});

test("the validator's denial is the real server's 403, its message after the server's prefix", async () => {
  const e = at("create: the validating webhook denies");
  const answer = await validator(request(e.request.body!));
  assert.equal(answer.allowed, false);
  assert.equal(e.response.status, answer.status?.code);
  assert.equal(e.response.body?.reason, answer.status?.reason);
  assert.equal(e.response.body?.message, `admission webhook "vwidget.example.com" denied the request: ${answer.status?.message ?? ""}`);
  // A dry run calls the webhooks too: the same denial, and nothing stored.
  assert.equal(at("dry-run create").response.body?.message, e.response.body?.message);
  assert.equal(at("the dry-run object was not stored").response.status, 404);
});

test("conversion through the hub gives what the real server read at each version", () => {
  const converter = widgetConverter();
  const v2 = at("read at v2").response.body!;
  const v1 = at("read back at v1").response.body!;
  assert.deepEqual((converter.convert(v2, "example.com/v1") as Widget).spec, v1.spec);
  assert.deepEqual((converter.convert(v1, "example.com/v2") as Widget).spec, v2.spec);
  assert.ok((at("list at v2").response.body?.items ?? []).every((w) => w.apiVersion === "example.com/v2" && w.spec.replicas === undefined));
});

test("the real server's answers when a webhook fails: the texts the test server must give", () => {
  const fail = at("create with a Fail webhook down").response;
  assert.equal(fail.status, 500);
  assert.match(
    fail.body?.message ?? "",
    /^Internal error occurred: failed calling webhook "down-fail\.example\.com": failed to call webhook: Post "https:\/\/127\.0\.0\.1:1\/validate\?timeout=10s": dial tcp 127\.0\.0\.1:1: connect: connection refused$/,
  );
  assert.equal(at("create with an Ignore webhook down").response.status, 201);
  assert.match(
    at("create with a slow Fail webhook").response.body?.message ?? "",
    /failed to call webhook: Post "https:\/\/127\.0\.0\.1:\d+\/slow\?timeout=1s": context deadline exceeded$/,
  );
});
