// Shared pieces of the informer tests against the test server: a workload of creates, updates and
// deletes spread over concurrent writers, a handler that checks every notification continues the
// last state it delivered for that object, and the wait for the cache to equal a fresh list.
import assert from "node:assert/strict";
import { DeletedFinalStateUnknown, metaNamespaceKeyFunc } from "../../src/index.js";
import type { KubeObject, ResourceEventHandler, SharedIndexInformer } from "../../src/index.js";

/** The long mode (KUBE_CODEGEN_CACHE_LONG=1) runs the full numbers. */
export const LONG = process.env["KUBE_CODEGEN_CACHE_LONG"] === "1";
export const OBJECTS = LONG ? 2000 : 150;
export const CHANGES = LONG ? 10_000 : 500;

/** The verbs a workload writes through. */
export interface Writer {
  create(name: string): Promise<unknown>;
  update(name: string, n: number): Promise<unknown>;
  delete(name: string): Promise<unknown>;
}

/** Creates `n` objects named `${prefix}-${i}`, `concurrency` at a time; returns the names. */
export async function createMany(w: Writer, prefix: string, n: number, concurrency = 16): Promise<string[]> {
  const names = Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < names.length) await w.create(names[next++]!);
    }),
  );
  return names;
}

/**
 * `changes` creates, updates and deletes (about 25/55/20) by `writers` concurrent writers, each on
 * its own names so no two race on one object. `during(done)` is called after each change with the
 * number done so far, to inject faults at points of the run.
 */
export async function churn(
  w: Writer,
  live: string[],
  changes: number,
  during: (done: number) => Promise<void> | void = () => {},
  writers = 8,
): Promise<void> {
  const own: string[][] = Array.from({ length: writers }, () => []);
  live.forEach((name, i) => own[i % writers]!.push(name));
  let done = 0;
  let created = 0;
  await Promise.all(
    own.map(async (mine, wi) => {
      while (done < changes) {
        done++;
        const r = Math.random();
        if (r < 0.25 || mine.length === 0) {
          const name = `new-${wi}-${created++}`;
          await w.create(name);
          mine.push(name);
        } else if (r < 0.8) {
          await w.update(mine[Math.floor(Math.random() * mine.length)]!, done);
        } else {
          const [name] = mine.splice(Math.floor(Math.random() * mine.length), 1);
          await w.delete(name!);
        }
        await during(done);
      }
    }),
  );
}

const rvOf = (o: KubeObject): number => Number(o.metadata?.resourceVersion);

/** A handler checking that each notification continues the state last delivered for its object. */
export class ContinuityChecker implements ResourceEventHandler<KubeObject> {
  readonly last = new Map<string, KubeObject>();
  readonly problems: string[] = [];
  readonly tombstones: string[] = [];
  events = 0;

  onAdd(obj: KubeObject): void {
    this.events++;
    const key = metaNamespaceKeyFunc(obj);
    if (this.last.has(key)) this.problems.push(`add of ${key}, which was already delivered`);
    this.last.set(key, obj);
  }

  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    this.events++;
    const key = metaNamespaceKeyFunc(newObj);
    // By version, not identity: a relist that finds an object unchanged stores the relisted copy
    // without telling handlers that are not resyncing, as client-go does.
    if (this.last.get(key)?.metadata?.resourceVersion !== oldObj.metadata?.resourceVersion)
      this.problems.push(`update of ${key}: old is not the last state delivered`);
    if (rvOf(newObj) <= rvOf(oldObj)) this.problems.push(`update of ${key}: ${rvOf(oldObj)} -> ${rvOf(newObj)} goes back`);
    this.last.set(key, newObj);
  }

  onDelete(obj: KubeObject | DeletedFinalStateUnknown<KubeObject>): void {
    this.events++;
    if (obj instanceof DeletedFinalStateUnknown) {
      this.tombstones.push(obj.key);
      if (this.last.get(obj.key)?.metadata?.resourceVersion !== obj.obj.metadata?.resourceVersion)
        this.problems.push(`tombstone of ${obj.key}: not the last state delivered`);
      this.last.delete(obj.key);
      return;
    }
    const key = metaNamespaceKeyFunc(obj);
    const last = this.last.get(key);
    if (!last) this.problems.push(`delete of ${key}, never delivered`);
    else if (rvOf(obj) < rvOf(last)) this.problems.push(`delete of ${key} older than its last state`);
    this.last.delete(key);
  }
}

function versions(objs: Iterable<KubeObject>): Map<string, string> {
  return new Map([...objs].map((o) => [metaNamespaceKeyFunc(o), o.metadata?.resourceVersion ?? ""]));
}

/** Waits until the informer's cache, and the checker's view, equal a fresh list of the server. */
export async function assertConverges<T extends KubeObject>(
  informer: SharedIndexInformer<T>,
  checker: ContinuityChecker,
  freshList: () => Promise<KubeObject[]>,
  ms = 20_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  let want = versions(await freshList());
  for (;;) {
    await informer.idle();
    const got = versions(informer.getIndexer().list());
    if (sameMap(got, want) && sameMap(versions(checker.last.values()), want)) break;
    if (Date.now() > deadline) {
      assert.deepEqual(got, want, "the cache equals a fresh list");
      assert.deepEqual(versions(checker.last.values()), want, "the handler's view equals a fresh list");
    }
    await new Promise((r) => setTimeout(r, 100));
    want = versions(await freshList());
  }
  assert.deepEqual(checker.problems, []);
}

function sameMap(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}
