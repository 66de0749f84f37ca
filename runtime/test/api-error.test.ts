// ApiError predicates follow client-go's apierrors: a known reason decides, and the code decides
// only when the reason is unknown; errors are found along the cause chain.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  ApiError,
  asApiError,
  isAlreadyExists,
  isConflict,
  isForbidden,
  isGone,
  isInvalid,
  isNotFound,
  isResourceExpired,
  isServerTimeout,
  isTimeout,
  isTooManyRequests,
  isUnauthorized,
  isUnexpectedServerError,
  suggestsClientDelay,
} from "../src/index.js";
import type { Status } from "../src/index.js";

const err = (code: number, reason?: string, extra: Partial<Status> = {}): ApiError =>
  new ApiError({ kind: "Status", apiVersion: "v1", status: "Failure", code, ...(reason !== undefined ? { reason } : {}), ...extra });

test("each predicate matches its reason", () => {
  assert.ok(isNotFound(err(404, "NotFound")));
  assert.ok(isAlreadyExists(err(409, "AlreadyExists")));
  assert.ok(isConflict(err(409, "Conflict")));
  assert.ok(isInvalid(err(422, "Invalid")));
  assert.ok(isGone(err(410, "Gone")));
  assert.ok(isForbidden(err(403, "Forbidden")));
  assert.ok(isUnauthorized(err(401, "Unauthorized")));
  assert.ok(isTooManyRequests(err(429, "TooManyRequests")));
  assert.ok(isServerTimeout(err(504, "ServerTimeout")));
  assert.ok(isTimeout(err(504, "Timeout")));
});

test("the code decides only when the reason is not a known one", () => {
  assert.ok(isNotFound(err(404)));
  assert.ok(isNotFound(err(404, "SomethingNew")));
  assert.ok(!isNotFound(err(404, "Forbidden")));
  assert.ok(isConflict(err(409)));
  // AlreadyExists is by reason only: a bare 409 is a Conflict.
  assert.ok(!isAlreadyExists(err(409)));
  assert.ok(!isConflict(err(409, "AlreadyExists")));
  assert.ok(isInvalid(err(422)));
  assert.ok(isTimeout(err(504)));
  assert.ok(!isServerTimeout(err(504)));
  // TooManyRequests checks the code whatever the reason, for client-go compatibility.
  assert.ok(isTooManyRequests(err(429, "Forbidden")));
});

test("isGone covers 410 Gone and Expired; isResourceExpired only Expired", () => {
  assert.ok(isGone(err(410, "Expired")));
  assert.ok(isGone(err(410)));
  assert.ok(isResourceExpired(err(410, "Expired")));
  assert.ok(!isResourceExpired(err(410, "Gone")));
  assert.ok(!isGone(err(404, "NotFound")));
});

test("non-ApiError values are never matched, and the cause chain is searched", () => {
  for (const v of [undefined, null, 404, "NotFound", new Error("NotFound"), { code: 404, reason: "NotFound" }]) {
    assert.ok(!isNotFound(v));
  }
  const wrapped = new Error("outer", { cause: new Error("middle", { cause: err(404, "NotFound") }) });
  assert.ok(isNotFound(wrapped));
  assert.equal(asApiError(wrapped)?.code, 404);
});

test("details: causes, retryAfterSeconds and the client delay", () => {
  const e = err(422, "Invalid", {
    message: 'Widget.x "a" is invalid',
    details: { name: "a", causes: [{ reason: "FieldValueRequired", field: "spec.size", message: "Required value" }] },
  });
  assert.equal(e.message, 'Widget.x "a" is invalid');
  assert.deepEqual(
    e.causes.map((c) => c.field),
    ["spec.size"],
  );
  assert.equal(e.retryAfterSeconds, undefined);
  assert.equal(suggestsClientDelay(err(429, "TooManyRequests", { details: { retryAfterSeconds: 3 } })), 3);
  assert.equal(suggestsClientDelay(err(500, "ServerTimeout", { details: {} })), 0);
  assert.equal(suggestsClientDelay(err(404, "NotFound")), undefined);
  assert.ok(!isUnexpectedServerError(e));
  assert.ok(e instanceof Error);
});
