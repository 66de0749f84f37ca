// Names taken from the URL path, sent raw (no client-side dot-segment resolution): ".", ".." and names
// with "%" are 400 "Name parameter invalid" before storage is touched; an escaped "/" splits segments
// as in Go, so it can never smuggle a slash into a name; a malformed %-escape is a plain-text 400.
import assert from "node:assert/strict";
import https from "node:https";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, namespace } from "./api-client.js";

let server: TestApiServer;
let api: ApiClient;
const CMS = "/api/v1/namespaces/pn/configmaps";

before(async () => {
  server = await startTestApiServer({ crds: [], objects: [namespace("pn")] });
  api = new ApiClient(server);
  await api.request("POST", CMS, configMap("a"));
});
after(async () => {
  api.close();
  await server.stop();
});

/** Sends `rawPath` exactly as given. */
function raw(method: string, rawPath: string, body?: string): Promise<{ status: number; text: string }> {
  const u = new URL(server.url);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${server.token}` };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const req = https.request(
      { method, hostname: u.hostname, port: u.port, path: rawPath, headers, ca: server.caPem, agent: false },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test("'..', '.' and '%' names in the path are 400 Name parameter invalid on every named verb", async () => {
  const cases: [string, string][] = [
    ["..", `Name parameter invalid: "..": may not be '..'`],
    [".", `Name parameter invalid: ".": may not be '.'`],
    ["a%25b", `Name parameter invalid: "a%b": may not contain '%'`],
    ["%2E%2E", `Name parameter invalid: "..": may not be '..'`],
  ];
  for (const [seg, message] of cases) {
    for (const method of ["GET", "DELETE", "PUT", "PATCH"]) {
      const body = method === "PUT" ? JSON.stringify(configMap(decodeURIComponent(seg))) : method === "PATCH" ? "{}" : undefined;
      const r = await raw(method, `${CMS}/${seg}`, body);
      assert.equal(r.status, 400, `${method} ${seg}: ${r.text}`);
      const status = JSON.parse(r.text) as Record<string, unknown>;
      assert.equal(status["reason"], "BadRequest");
      assert.equal(status["message"], message);
    }
  }
});

test("an escaped slash separates path segments instead of entering the name", async () => {
  const r = await raw("GET", `${CMS}/a%2Fstatus`);
  // configmaps have no status subresource: not found, and certainly not a configmap named "a/status".
  assert.equal(r.status, 404);
  assert.doesNotMatch(r.text, /a\/status/);
  // Go unescapes the whole path before routing, so fully escaped separators still reach the object.
  const ok = await raw("GET", "/api/v1/namespaces%2Fpn%2Fconfigmaps%2Fa");
  assert.equal(ok.status, 200);
});

test("a malformed %-escape is a plain-text 400, not a 500", async () => {
  const r = await raw("GET", `${CMS}/a%ZZ`);
  assert.equal(r.status, 400);
  assert.equal(r.text, "400 Bad Request");
});
