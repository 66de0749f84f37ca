// Owner-reference garbage collection: when an owner is deleted its dependents are deleted (background),
// or first (foreground, via the foregroundDeletion finalizer), or released (orphan, via the orphan
// finalizer). Dependents whose owners are all missing are collected too. Runs after the response, as
// the real controller does. Like kube-controller-manager's, it is a client of the API: its deletes and
// updates go through each resource's registry path (registry/controller-client.ts), so the dependent's
// strategy, finalizers and preconditions apply as they do to any client's DELETE.
import type { ServerState } from "../server-state.js";
import {
  deleteStored,
  getStored,
  listStored,
  updateStored,
  watchStored,
  type ChangeEvent,
  type KubeObject,
} from "../registry/controller-client.js";

interface OwnerRef {
  uid?: string;
  blockOwnerDeletion?: boolean;
}

interface Located {
  resource: string;
  key: string;
}

function ownerRefs(obj: KubeObject): OwnerRef[] {
  const refs = obj.metadata["ownerReferences"];
  return Array.isArray(refs) ? (refs as OwnerRef[]) : [];
}

function finalizersOf(obj: KubeObject): string[] {
  const f = obj.metadata["finalizers"];
  return Array.isArray(f) ? (f as string[]) : [];
}

/** Tracks uids and dependents so collection does not scan the whole store on every delete. */
class GarbageCollector {
  private readonly byUid = new Map<string, Located>();
  /** owner uid → "resource\u0000key" of objects that reference it. */
  private readonly dependents = new Map<string, Set<string>>();

  constructor(private readonly state: ServerState) {
    for (const [resource, key, obj] of listStored(state)) this.index(resource, key, obj);
  }

  private index(resource: string, key: string, obj: KubeObject): void {
    const uid = obj.metadata["uid"];
    if (typeof uid === "string") this.byUid.set(uid, { resource, key });
    for (const r of ownerRefs(obj)) {
      if (typeof r.uid !== "string") continue;
      let set = this.dependents.get(r.uid);
      if (!set) this.dependents.set(r.uid, (set = new Set()));
      set.add(`${resource}\u0000${key}`);
    }
  }

  onChange(e: ChangeEvent): void {
    const uid = e.object.metadata["uid"];
    if (e.type === "DELETED") {
      if (typeof uid === "string") {
        this.byUid.delete(uid);
        this.state.defer(() => this.ownerGone(uid));
      }
      for (const r of ownerRefs(e.object)) {
        const owner = typeof r.uid === "string" ? this.byUid.get(r.uid) : undefined;
        if (owner) this.state.defer(() => this.processOwnerFinalizers(owner.resource, owner.key));
      }
      return;
    }
    this.index(e.resource, e.key, e.object);
    if (e.type === "ADDED" && ownerRefs(e.object).length > 0) this.state.defer(() => this.collectIfOrphaned(e.resource, e.key));
    const fins = finalizersOf(e.object);
    if (e.object.metadata["deletionTimestamp"] && (fins.includes("foregroundDeletion") || fins.includes("orphan")))
      this.state.defer(() => this.processOwnerFinalizers(e.resource, e.key));
  }

  private dependentsOf(uid: string): Located[] {
    const out: Located[] = [];
    for (const id of this.dependents.get(uid) ?? []) {
      const [resource = "", key = ""] = id.split("\u0000");
      const obj = getStored(this.state, resource, key);
      if (obj && ownerRefs(obj).some((r) => r.uid === uid)) out.push({ resource, key });
    }
    if (out.length === 0) this.dependents.delete(uid);
    return out;
  }

  private ownerExists(ref: OwnerRef): boolean {
    return typeof ref.uid === "string" && this.byUid.has(ref.uid);
  }

  private ownerGone(uid: string): void {
    for (const d of this.dependentsOf(uid)) this.collectIfOrphaned(d.resource, d.key);
  }

  /** Deletes a dependent none of whose owners exist; drops references to missing owners otherwise. */
  private collectIfOrphaned(resource: string, key: string): void {
    const obj = getStored(this.state, resource, key);
    if (!obj) return;
    const refs = ownerRefs(obj);
    if (refs.length === 0) return;
    const live = refs.filter((r) => this.ownerExists(r));
    if (live.length === refs.length) return;
    if (live.length > 0) {
      updateStored(this.state, resource, key, (o) => {
        o.metadata["ownerReferences"] = live;
      });
      return;
    }
    // A background delete, as the real collector sends: finalizers on the dependent hold it.
    deleteStored(this.state, resource, key, { propagationPolicy: "Background" });
  }

  /** Foreground: delete dependents, then drop the finalizer. Orphan: release dependents, then drop it. */
  private processOwnerFinalizers(resource: string, key: string): void {
    const owner = getStored(this.state, resource, key);
    if (!owner || !owner.metadata["deletionTimestamp"]) return;
    const uid = String(owner.metadata["uid"]);
    const fins = finalizersOf(owner);
    const dependents = this.dependentsOf(uid);
    if (fins.includes("orphan")) {
      for (const d of dependents) {
        updateStored(this.state, d.resource, d.key, (o) => {
          const refs = ownerRefs(o).filter((r) => r.uid !== uid);
          if (refs.length === 0) delete o.metadata["ownerReferences"];
          else o.metadata["ownerReferences"] = refs;
        });
      }
      this.removeFinalizer(resource, key, "orphan");
      return;
    }
    if (fins.includes("foregroundDeletion")) {
      const blocking = dependents.filter((d) => {
        const obj = getStored(this.state, d.resource, d.key);
        return obj && ownerRefs(obj).some((r) => r.uid === uid && r.blockOwnerDeletion);
      });
      for (const d of dependents) {
        const obj = getStored(this.state, d.resource, d.key);
        if (!obj || obj.metadata["deletionTimestamp"]) continue;
        deleteStored(this.state, d.resource, d.key, { propagationPolicy: "Background" });
      }
      const stillBlocking = blocking.some((d) => getStored(this.state, d.resource, d.key));
      if (!stillBlocking) this.removeFinalizer(resource, key, "foregroundDeletion");
    }
  }

  /** An update without the finalizer; the registry deletes a terminating object whose last one goes. */
  private removeFinalizer(resource: string, key: string, finalizer: string): void {
    updateStored(this.state, resource, key, (o) => {
      const fins = finalizersOf(o).filter((f) => f !== finalizer);
      if (fins.length === 0) delete o.metadata["finalizers"];
      else o.metadata["finalizers"] = fins;
    });
  }
}

/** Starts garbage collection for a server; returns its stop function. */
export function startGarbageCollector(state: ServerState): () => void {
  const gc = new GarbageCollector(state);
  return watchStored(state, (e) => gc.onChange(e));
}
