// Status conditions with apimachinery's meta/v1 semantics (k8s.io/apimachinery/pkg/api/meta's
// SetStatusCondition and its friends), so a controller's conditions read the same to kubectl, to
// `kubectl wait --for=condition=...` and to other controllers as a Go controller's would:
// lastTransitionTime moves only when the status changes, reason, message and observedGeneration
// are kept current, and a condition is found by its type.
import type { Condition } from "./apimachinery.js";
import { formatTime } from "./clock.js";

/** A condition to set: lastTransitionTime is filled in when absent (as a zero metav1.Time is). */
export type ConditionInput = Omit<Condition, "lastTransitionTime"> & { lastTransitionTime?: string };

/** The condition of this type, or undefined (meta.FindStatusCondition). */
export function findStatusCondition(conditions: readonly Condition[] | undefined, type: string): Condition | undefined {
  return conditions?.find((c) => c.type === type);
}

/**
 * Sets `condition` in `conditions` in place (meta.SetStatusCondition); returns whether anything
 * changed, so a reconciler writes status only when it must. A new type is appended; for an existing
 * one, lastTransitionTime changes only with the status (to the input's, else now), and reason,
 * message and observedGeneration take the input's values.
 */
export function setStatusCondition(conditions: Condition[], condition: ConditionInput, now: () => Date = () => new Date()): boolean {
  const existing = findStatusCondition(conditions, condition.type);
  if (!existing) {
    const added: Condition = { ...condition, lastTransitionTime: condition.lastTransitionTime || formatTime(now()) };
    conditions.push(added);
    return true;
  }
  let changed = false;
  if (existing.status !== condition.status) {
    existing.status = condition.status;
    existing.lastTransitionTime = condition.lastTransitionTime || formatTime(now());
    changed = true;
  }
  if (existing.reason !== condition.reason) {
    existing.reason = condition.reason;
    changed = true;
  }
  if (existing.message !== condition.message) {
    existing.message = condition.message;
    changed = true;
  }
  // Go compares int64s, where absent is 0: an input without observedGeneration clears it.
  if ((existing.observedGeneration ?? 0) !== (condition.observedGeneration ?? 0)) {
    if (condition.observedGeneration === undefined || condition.observedGeneration === 0) delete existing.observedGeneration;
    else existing.observedGeneration = condition.observedGeneration;
    changed = true;
  }
  return changed;
}

/** Removes the condition of this type in place; returns whether there was one (meta.RemoveStatusCondition). */
export function removeStatusCondition(conditions: Condition[], type: string): boolean {
  const i = conditions.findIndex((c) => c.type === type);
  if (i < 0) return false;
  conditions.splice(i, 1);
  return true;
}

/** Whether the condition of this type is present with this status (meta.IsStatusConditionPresentAndEqual). */
export function isStatusConditionPresentAndEqual(
  conditions: readonly Condition[] | undefined,
  type: string,
  status: Condition["status"],
): boolean {
  return findStatusCondition(conditions, type)?.status === status;
}

/** Whether the condition of this type is present and "True". */
export function isStatusConditionTrue(conditions: readonly Condition[] | undefined, type: string): boolean {
  return isStatusConditionPresentAndEqual(conditions, type, "True");
}

/** Whether the condition of this type is present and "False". */
export function isStatusConditionFalse(conditions: readonly Condition[] | undefined, type: string): boolean {
  return isStatusConditionPresentAndEqual(conditions, type, "False");
}
