// Owner-reference garbage collection: when an owner is deleted its dependents are deleted (background),
// or first (foreground, via the foregroundDeletion finalizer), or released (orphan, via the orphan
// finalizer). Dependents whose owners are all missing are collected too. Runs after the response, as
// the real controller does.
import { nowTimestamp, type ServerState } from "../server-state.js";
import type { ChangeEvent, KubeObject } from "../storage/store.js";

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
    for (const [resource, key, obj] of state.store.all()) this.index(resource, key, obj);
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
      const obj = this.state.store.get(resource, key);
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
    const obj = this.state.store.get(resource, key);
    if (!obj) return;
    const refs = ownerRefs(obj);
    if (refs.length === 0) return;
    const live = refs.filter((r) => this.ownerExists(r));
    if (live.length === refs.length) return;
    if (live.length > 0) {
      this.state.store.update(resource, key, { ...obj, metadata: { ...obj.metadata, ownerReferences: live } });
      return;
    }
    if (finalizersOf(obj).length > 0) {
      if (!obj.metadata["deletionTimestamp"])
        this.state.store.update(resource, key, {
          ...obj,
          metadata: { ...obj.metadata, deletionTimestamp: nowTimestamp(), deletionGracePeriodSeconds: 0 },
        });
      return;
    }
    this.state.store.delete(resource, key);
  }

  /** Foreground: delete dependents, then drop the finalizer. Orphan: release dependents, then drop it. */
  private processOwnerFinalizers(resource: string, key: string): void {
    const owner = this.state.store.get(resource, key);
    if (!owner || !owner.metadata["deletionTimestamp"]) return;
    const uid = String(owner.metadata["uid"]);
    const fins = finalizersOf(owner);
    const dependents = this.dependentsOf(uid);
    if (fins.includes("orphan")) {
      for (const d of dependents) {
        const obj = this.state.store.get(d.resource, d.key);
        if (!obj) continue;
        const refs = ownerRefs(obj).filter((r) => r.uid !== uid);
        const meta: Record<string, unknown> = { ...obj.metadata, ownerReferences: refs };
        if (refs.length === 0) delete meta["ownerReferences"];
        this.state.store.update(d.resource, d.key, { ...obj, metadata: meta });
      }
      this.removeFinalizer(resource, key, "orphan");
      return;
    }
    if (fins.includes("foregroundDeletion")) {
      const blocking = dependents.filter((d) => {
        const obj = this.state.store.get(d.resource, d.key);
        return obj && ownerRefs(obj).some((r) => r.uid === uid && r.blockOwnerDeletion);
      });
      for (const d of dependents) {
        const obj = this.state.store.get(d.resource, d.key);
        if (!obj || obj.metadata["deletionTimestamp"]) continue;
        if (finalizersOf(obj).length > 0)
          this.state.store.update(d.resource, d.key, {
            ...obj,
            metadata: { ...obj.metadata, deletionTimestamp: nowTimestamp(), deletionGracePeriodSeconds: 0 },
          });
        else this.state.store.delete(d.resource, d.key);
      }
      const stillBlocking = blocking.some((d) => this.state.store.get(d.resource, d.key));
      if (!stillBlocking) this.removeFinalizer(resource, key, "foregroundDeletion");
    }
  }

  private removeFinalizer(resource: string, key: string, finalizer: string): void {
    const obj = this.state.store.get(resource, key);
    if (!obj) return;
    const fins = finalizersOf(obj).filter((f) => f !== finalizer);
    if (fins.length === 0 && obj.metadata["deletionTimestamp"]) {
      // As in an update that empties the finalizers: a delete, without a MODIFIED event first.
      this.state.store.delete(resource, key);
      return;
    }
    const meta: Record<string, unknown> = { ...obj.metadata, finalizers: fins };
    if (fins.length === 0) delete meta["finalizers"];
    this.state.store.update(resource, key, { ...obj, metadata: meta });
  }
}

/** Starts garbage collection for a server; returns its stop function. */
export function startGarbageCollector(state: ServerState): () => void {
  const gc = new GarbageCollector(state);
  return state.store.subscribe((e) => gc.onChange(e));
}
