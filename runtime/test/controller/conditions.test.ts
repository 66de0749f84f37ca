// Status conditions with apimachinery's meta/v1 semantics (meta.SetStatusCondition and friends).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  findStatusCondition,
  formatTime,
  isStatusConditionFalse,
  isStatusConditionPresentAndEqual,
  isStatusConditionTrue,
  removeStatusCondition,
  setStatusCondition,
  type Condition,
} from "../../src/index.js";

const at = (iso: string) => () => new Date(iso);

test("a new condition is appended with now as its lastTransitionTime, in metav1.Time's whole-second form", () => {
  const conditions: Condition[] = [];
  const changed = setStatusCondition(
    conditions,
    { type: "Ready", status: "False", reason: "Creating", message: "waiting for the deployment", observedGeneration: 2 },
    at("2026-12-05T07:12:34.567Z"),
  );
  assert.equal(changed, true);
  assert.deepEqual(conditions, [
    {
      type: "Ready",
      status: "False",
      reason: "Creating",
      message: "waiting for the deployment",
      observedGeneration: 2,
      lastTransitionTime: "2026-12-05T07:12:34Z",
    },
  ]);
  assert.equal(formatTime(new Date("2026-01-02T03:04:05.999Z")), "2026-01-02T03:04:05Z");
});

test("lastTransitionTime moves only when the status changes; reason, message and observedGeneration follow the input", () => {
  const conditions: Condition[] = [];
  setStatusCondition(
    conditions,
    { type: "Ready", status: "False", reason: "Creating", message: "m1", observedGeneration: 1 },
    at("2026-01-01T00:00:00Z"),
  );
  // Same status, new reason and generation: changed, but the transition time stays.
  assert.equal(
    setStatusCondition(
      conditions,
      { type: "Ready", status: "False", reason: "Scaling", message: "m1", observedGeneration: 2 },
      at("2026-01-01T00:01:00Z"),
    ),
    true,
  );
  assert.equal(conditions[0]?.lastTransitionTime, "2026-01-01T00:00:00Z");
  assert.equal(conditions[0]?.reason, "Scaling");
  assert.equal(conditions[0]?.observedGeneration, 2);
  // Nothing different: unchanged, so a reconciler skips the status write.
  assert.equal(
    setStatusCondition(
      conditions,
      { type: "Ready", status: "False", reason: "Scaling", message: "m1", observedGeneration: 2 },
      at("2026-01-01T00:02:00Z"),
    ),
    false,
  );
  // A status change: the transition time is now (or the input's when it gives one).
  assert.equal(
    setStatusCondition(
      conditions,
      { type: "Ready", status: "True", reason: "Available", message: "", observedGeneration: 2 },
      at("2026-01-01T00:03:00Z"),
    ),
    true,
  );
  assert.equal(conditions[0]?.lastTransitionTime, "2026-01-01T00:03:00Z");
  setStatusCondition(conditions, {
    type: "Ready",
    status: "Unknown",
    reason: "Lost",
    message: "",
    observedGeneration: 2,
    lastTransitionTime: "2025-12-31T23:59:59Z",
  });
  assert.equal(conditions[0]?.lastTransitionTime, "2025-12-31T23:59:59Z");
  // observedGeneration left out is Go's 0: the field is cleared, as omitempty writes it.
  assert.equal(setStatusCondition(conditions, { type: "Ready", status: "Unknown", reason: "Lost", message: "" }), true);
  assert.equal("observedGeneration" in conditions[0], false);
  assert.equal(conditions.length, 1);
});

test("find, remove and the status predicates go by type", () => {
  const conditions: Condition[] = [];
  setStatusCondition(conditions, { type: "Ready", status: "True", reason: "R", message: "" });
  setStatusCondition(conditions, { type: "Degraded", status: "False", reason: "R", message: "" });
  assert.equal(findStatusCondition(conditions, "Degraded")?.status, "False");
  assert.equal(findStatusCondition(conditions, "Missing"), undefined);
  assert.equal(findStatusCondition(undefined, "Ready"), undefined);
  assert.equal(isStatusConditionTrue(conditions, "Ready"), true);
  assert.equal(isStatusConditionFalse(conditions, "Ready"), false);
  assert.equal(isStatusConditionFalse(conditions, "Degraded"), true);
  assert.equal(isStatusConditionTrue(conditions, "Missing"), false);
  assert.equal(isStatusConditionFalse(conditions, "Missing"), false, "absent is neither true nor false");
  assert.equal(isStatusConditionPresentAndEqual(conditions, "Degraded", "Unknown"), false);
  assert.equal(removeStatusCondition(conditions, "Ready"), true);
  assert.equal(removeStatusCondition(conditions, "Ready"), false);
  assert.deepEqual(
    conditions.map((c) => c.type),
    ["Degraded"],
  );
});
