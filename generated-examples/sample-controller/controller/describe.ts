// One human line per controller log entry (sample-controller's klog lines, shortened).
import type { ControllerLog } from "./controller.js";

/** The line to print for `entry`, or undefined for the ones a person watching does not need. */
export function describe(entry: ControllerLog): string | undefined {
  switch (entry.type) {
    case "sync-start":
      return undefined;
    case "sync-done":
      return `reconciled ${entry.key} (worker ${String(entry.worker)}, ${String(entry.ms)} ms)`;
    case "sync-error":
      return `reconcile of ${entry.key} failed, retry ${String(entry.requeues)} queued: ${shorten(entry.error)}`;
    case "foo-gone":
      return `${entry.key} is gone: nothing to do (its Deployment is garbage-collected)`;
    case "deployment-created":
      return `created Deployment ${entry.deployment} with ${String(entry.replicas)} replicas for ${entry.key}`;
    case "deployment-scaled":
      return `scaled Deployment ${entry.deployment} from ${String(entry.from)} to ${String(entry.to)} replicas for ${entry.key}`;
    case "status-updated":
      return `updated ${entry.key} status: availableReplicas=${String(entry.availableReplicas)}`;
  }
}

/** A conflict's long apiserver message as what it means here. */
function shorten(error: string): string {
  return error.includes("the object has been modified") ? "Conflict (the cached Foo was older than the server's)" : error;
}
