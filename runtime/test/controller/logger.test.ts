// consoleLogger prints one tab-separated line per event (ISO time, level, message, fields as JSON),
// fields defaulting to {}; silentLogger prints nothing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { consoleLogger, silentLogger } from "../../src/index.js";

test("consoleLogger prints time, INFO, the message and the fields as JSON on one line", (t) => {
  const log = t.mock.method(console, "log", () => undefined);
  consoleLogger("reconciled", { key: "ns/a", attempt: 2 });
  consoleLogger("started");
  const lines = log.mock.calls.map((c) => c.arguments[0] as string);
  assert.equal(lines.length, 2);
  const [time, level, message, fields] = lines[0]!.split("\t");
  assert.equal(new Date(time!).toISOString(), time);
  assert.equal(level, "INFO");
  assert.equal(message, "reconciled");
  assert.equal(fields, '{"key":"ns/a","attempt":2}');
  assert.match(lines[1]!, /^\S+\tINFO\tstarted\t\{\}$/);
});

test("silentLogger prints nothing", (t) => {
  const log = t.mock.method(console, "log", () => undefined);
  silentLogger("reconciled", { key: "ns/a" });
  assert.equal(log.mock.callCount(), 0);
});
