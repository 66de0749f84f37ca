// Leader election on a Lease of the in-process test API server, on a fake clock: one candidate leads
// and renews; another takes over only once the record has stood unchanged for leaseDuration by its
// own clock (the holder's wall clock may be far off); concurrent writes are settled by
// resourceVersion (409 Conflict / AlreadyExists: the loser retries); a leader that cannot renew
// within renewDeadline stops (its signal aborts, onStoppedLeading is called); releaseOnCancel hands
// the lease over at once; bad options are refused as client-go refuses them.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import type { Lease } from "kubernetes-types/coordination/v1.js";
import { startTestApiServer } from "../../../testing/src/index.js";
import type { TestApiServer } from "../../../testing/src/index.js";
import {
  BuiltinClientset,
  FakeClock,
  LeaderElector,
  formatMicroTime,
  isAlreadyExists,
  isConflict,
  loadKubeConfig,
  newLeaderElector,
} from "../../src/index.js";
import type { CoordinationV1Client, LeaderElectionOptions } from "../../src/index.js";

let server: TestApiServer;
let clientset: BuiltinClientset;
before(async () => {
  server = await startTestApiServer({ crds: [] });
  clientset = new BuiltinClientset(loadKubeConfig({ kubeconfig: server.kubeconfigPath }));
});
after(async () => {
  await server.stop();
});

const NS = "default";
const BASE_WALL = Date.UTC(2026, 11, 2, 8, 0, 0);
const MICRO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

type Verb = "get" | "create" | "update";

/** Holds the first `count` calls of `verb` until all of them wait, then lets them go (a race made certain); later calls pass. */
class Gate {
  readonly #waiting: (() => void)[] = [];
  #opened = false;
  constructor(
    readonly verb: Verb,
    readonly count: number,
  ) {}
  pass(): Promise<void> {
    if (this.#opened) return Promise.resolve();
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      if (this.#waiting.length < this.count) return;
      this.#opened = true;
      for (const go of this.#waiting.splice(0)) go();
    });
  }
}

/** One candidate's view of the server: counts requests in flight, and can fail, hang or gate them. */
interface Probe {
  inFlight: number;
  mode: "ok" | "fail" | "hang";
  gate: Gate | undefined;
  /** Fake times of this candidate's successful writes. */
  writes: number[];
}

function probed(probe: Probe, clock: FakeClock): Pick<CoordinationV1Client, "leases"> {
  return {
    leases(namespace) {
      const real = clientset.coordinationV1().leases(namespace);
      const wrap =
        <A extends unknown[], R>(verb: Verb, f: (...args: A) => Promise<R>) =>
        async (...args: A): Promise<R> => {
          const signal = (args.at(-1) as { signal?: AbortSignal } | undefined)?.signal;
          if (probe.mode === "fail") throw new Error(`injected ${verb} failure`);
          if (probe.mode === "hang")
            return new Promise<R>((_, reject) => {
              signal?.addEventListener("abort", () => reject(new Error(`${verb} aborted`)), { once: true });
            });
          probe.inFlight++;
          try {
            if (probe.gate?.verb === verb) await probe.gate.pass();
            const r = await f(...args);
            if (verb !== "get") probe.writes.push(clock.now());
            return r;
          } finally {
            probe.inFlight--;
          }
        };
      return { ...real, get: wrap("get", real.get), create: wrap("create", real.create), update: wrap("update", real.update) };
    },
  };
}

/** A fake clock, and candidates on it whose requests and callbacks are recorded. */
class Election {
  readonly clock = new FakeClock(0);
  readonly probes: Probe[] = [];
  readonly log: string[] = [];

  candidate(
    identity: string,
    lock: string,
    { realWallClock = false, ...extra }: Partial<LeaderElectionOptions> & { realWallClock?: boolean } = {},
  ): {
    elector: LeaderElector;
    probe: Probe;
    errors: unknown[];
    leaders: string[];
    signals: AbortSignal[];
    start(): { abort(): void; done: Promise<void> };
  } {
    const probe: Probe = { inFlight: 0, mode: "ok", gate: undefined, writes: [] };
    this.probes.push(probe);
    const errors: unknown[] = [];
    const leaders: string[] = [];
    const signals: AbortSignal[] = [];
    const elector = newLeaderElector({
      lock: { client: probed(probe, this.clock), namespace: NS, name: lock },
      identity,
      clock: this.clock,
      ...(realWallClock ? {} : { wallClock: () => BASE_WALL + this.clock.now() }),
      random: () => 0,
      onError: (err) => errors.push(err),
      ...extra,
      callbacks: {
        onStartedLeading: (signal) => {
          signals.push(signal);
          this.log.push(`${String(this.clock.now())} ${identity} started`);
          signal.addEventListener("abort", () => this.log.push(`${String(this.clock.now())} ${identity} signal aborted`));
        },
        onStoppedLeading: () => this.log.push(`${String(this.clock.now())} ${identity} stopped`),
        onNewLeader: (id) => leaders.push(id),
      },
    });
    return {
      elector,
      probe,
      errors,
      leaders,
      signals,
      start: () => {
        const ac = new AbortController();
        const done = elector.run(ac.signal).then(() => {
          this.log.push(`${String(this.clock.now())} ${identity} run returned`);
        });
        return { abort: () => ac.abort(), done };
      },
    };
  }

  /** Waits until no request is in flight and every continuation has run (every candidate waits on the clock). */
  async settle(): Promise<void> {
    for (let quiet = 0; quiet < 3;) {
      await new Promise((r) => setImmediate(r));
      if (this.probes.some((p) => p.inFlight > 0)) {
        quiet = 0;
        await new Promise((r) => setTimeout(r, 1));
      } else quiet++;
    }
  }

  /** Moves the clock `ms` forward in 100 ms steps, settling after each; stops early once `until` holds. */
  async advance(ms: number, until?: () => boolean): Promise<void> {
    await this.settle();
    for (let t = 0; t < ms && !(until?.() ?? false); t += 100) {
      this.clock.step(100);
      await this.settle();
    }
  }
}

async function lease(name: string): Promise<Lease> {
  return clientset.coordinationV1().leases(NS).get(name);
}

test("one candidate leads; the other takes over only after leaseDuration without a change, by its own clock", async () => {
  const e = new Election();
  // a's wall clock is an hour behind: its renewTime looks long expired to anyone comparing it with their own.
  const a = e.candidate("a", "lock-takeover", { wallClock: () => BASE_WALL - 3_600_000 + e.clock.now() });
  const b = e.candidate("b", "lock-takeover");
  const runA = a.start();
  await e.settle();
  assert.ok(a.elector.isLeader());
  const first = await lease("lock-takeover");
  assert.equal(first.spec?.holderIdentity, "a");
  assert.equal(first.spec?.leaseDurationSeconds, 15);
  assert.equal(first.spec?.leaseTransitions, 0);
  assert.match(first.spec?.renewTime ?? "", MICRO);
  assert.equal(first.spec?.acquireTime, formatMicroTime(BASE_WALL - 3_600_000));

  const runB = b.start();
  await e.advance(30_000);
  assert.ok(a.elector.isLeader());
  assert.ok(!b.elector.isLeader());
  assert.equal(b.elector.getLeader(), "a");
  const renewed = await lease("lock-takeover");
  assert.equal(renewed.spec?.acquireTime, first.spec?.acquireTime);
  assert.equal(renewed.spec?.renewTime, formatMicroTime(BASE_WALL - 3_600_000 + (a.probe.writes.at(-1) ?? NaN)));
  assert.ok(a.probe.writes.length >= 14, `a renews every retryPeriod (${String(a.probe.writes.length)} writes)`);

  // a stops renewing (its process stops campaigning, no release): b waits out leaseDuration from its last sight of a change.
  runA.abort();
  await runA.done;
  const lastRenew = a.probe.writes.at(-1) ?? NaN;
  assert.equal(a.signals[0]?.aborted, true);
  await e.advance(40_000, () => b.elector.isLeader());
  assert.ok(b.elector.isLeader());
  const takeover = b.probe.writes[0] ?? NaN;
  assert.ok(
    takeover >= lastRenew + 15_000 && takeover <= lastRenew + 18_000,
    `took over at ${String(takeover)}, a last renewed at ${String(lastRenew)}`,
  );
  const taken = await lease("lock-takeover");
  assert.equal(taken.spec?.holderIdentity, "b");
  assert.equal(taken.spec?.leaseTransitions, 1);
  assert.equal(taken.spec?.acquireTime, formatMicroTime(BASE_WALL + takeover));
  assert.deepEqual(b.leaders, ["a", "b"]);
  assert.deepEqual(a.leaders, ["a"]);
  assert.deepEqual(
    e.log.filter((l) => l.includes(" a ")),
    [`0 a started`, `30000 a signal aborted`, `30000 a stopped`, `30000 a run returned`],
  );
  runB.abort();
  await runB.done;
});

test("two candidates creating the Lease at once: one wins, the other's AlreadyExists makes it a follower", async () => {
  const e = new Election();
  const a = e.candidate("a", "lock-create-race");
  const b = e.candidate("b", "lock-create-race");
  const gate = new Gate("create", 2);
  a.probe.gate = gate;
  b.probe.gate = gate;
  const runs = [a.start(), b.start()];
  await e.settle();
  const winner = a.elector.isLeader() ? a : b;
  const loser = winner === a ? b : a;
  assert.ok(winner.elector.isLeader() && !loser.elector.isLeader());
  assert.equal(loser.errors.filter(isAlreadyExists).length, 1);
  await e.advance(20_000);
  assert.ok(!loser.elector.isLeader());
  assert.equal(loser.elector.getLeader(), winner.elector.identity);
  assert.equal((await lease("lock-create-race")).spec?.leaseTransitions, 0);
  for (const r of runs) r.abort();
  await Promise.all(runs.map((r) => r.done));
});

test("two candidates taking a free Lease at once: the stale write is a 409 Conflict and its writer retries as a follower", async () => {
  await clientset
    .coordinationV1()
    .leases(NS)
    .create({
      metadata: { name: "lock-update-race", namespace: NS },
      spec: { holderIdentity: "", leaseDurationSeconds: 1, leaseTransitions: 4 },
    });
  const e = new Election();
  const a = e.candidate("a", "lock-update-race");
  const b = e.candidate("b", "lock-update-race");
  const gate = new Gate("update", 2);
  a.probe.gate = gate;
  b.probe.gate = gate;
  const runs = [a.start(), b.start()];
  await e.settle();
  const leaders = [a, b].filter((c) => c.elector.isLeader());
  assert.equal(leaders.length, 1);
  const loser = leaders[0] === a ? b : a;
  assert.equal(loser.errors.filter(isConflict).length, 1);
  await e.advance(20_000);
  assert.equal(loser.elector.getLeader(), leaders[0]?.elector.identity);
  assert.ok(!loser.elector.isLeader());
  assert.equal((await lease("lock-update-race")).spec?.leaseTransitions, 5);
  for (const r of runs) r.abort();
  await Promise.all(runs.map((r) => r.done));
});

test("a leader whose Lease was changed by someone else renews after a fresh read (its fast-path write is a Conflict)", async () => {
  const e = new Election();
  const a = e.candidate("a", "lock-stale");
  const run = a.start();
  await e.settle();
  const leases = clientset.coordinationV1().leases(NS);
  const current = await leases.get("lock-stale");
  await leases.update({ ...current, metadata: { ...current.metadata, labels: { edited: "by-hand" } } });
  await e.advance(4_000);
  assert.ok(a.elector.isLeader());
  assert.equal(a.errors.filter(isConflict).length, 1);
  const after = await leases.get("lock-stale");
  assert.equal(after.spec?.holderIdentity, "a");
  assert.deepEqual(after.metadata?.labels, { edited: "by-hand" });
  run.abort();
  await run.done;
});

for (const mode of ["fail", "hang"] as const) {
  test(`a leader whose renewals ${mode === "fail" ? "fail" : "hang"} for renewDeadline stops leading: signal aborted, onStoppedLeading, run returns`, async () => {
    const e = new Election();
    const a = e.candidate("a", `lock-deadline-${mode}`);
    const run = a.start();
    await e.advance(5_000);
    // A short outage (under renewDeadline) is ridden out.
    a.probe.mode = mode;
    await e.advance(6_000);
    assert.ok(a.elector.isLeader());
    a.probe.mode = "ok";
    await e.advance(4_000);
    assert.ok(a.elector.isLeader());
    const lastRenew = a.probe.writes.at(-1) ?? NaN;
    a.probe.mode = mode;
    let returned = false;
    void run.done.then(() => (returned = true));
    await e.advance(20_000, () => returned);
    assert.ok(returned);
    assert.ok(!a.elector.isLeader());
    assert.equal(a.signals[0]?.aborted, true);
    const stoppedAt = Number(e.log.find((l) => l.endsWith("a stopped"))?.split(" ")[0]);
    // The round that fails starts with the first renew after the last success (≤ retryPeriod later) and lasts renewDeadline.
    assert.ok(
      stoppedAt >= lastRenew + 10_000 && stoppedAt <= lastRenew + 12_000,
      `stopped at ${String(stoppedAt)}, last renew ${String(lastRenew)}`,
    );
    assert.deepEqual(
      e.log.map((l) => l.replace(/^\d+ /, "")),
      ["a started", "a signal aborted", "a stopped", "a run returned"],
    );
    // Nothing was released: the others wait out the lease.
    assert.equal((await lease(`lock-deadline-${mode}`)).spec?.holderIdentity, "a");
  });
}

test("releaseOnCancel: aborting the leader's run clears the holder, and the other candidate acquires at its next try", async () => {
  const e = new Election();
  const a = e.candidate("a", "lock-release", { releaseOnCancel: true });
  const b = e.candidate("b", "lock-release");
  const runA = a.start();
  await e.settle();
  const runB = b.start();
  await e.advance(7_000);
  assert.ok(a.elector.isLeader() && !b.elector.isLeader());
  const abortedAt = e.clock.now();
  runA.abort();
  await runA.done;
  const released = await lease("lock-release");
  assert.equal(released.spec?.holderIdentity, "");
  assert.equal(released.spec?.leaseDurationSeconds, 1);
  assert.equal(released.spec?.leaseTransitions, 0);
  assert.equal(released.spec?.renewTime, formatMicroTime(BASE_WALL + abortedAt));
  assert.equal(a.elector.getLeader(), "");
  assert.ok(!a.elector.isLeader());
  await e.advance(20_000, () => b.elector.isLeader());
  const takeover = b.probe.writes[0] ?? NaN;
  assert.ok(
    takeover > abortedAt && takeover <= abortedAt + 2_000,
    `b took over at ${String(takeover)}, a released at ${String(abortedAt)}`,
  );
  assert.equal((await lease("lock-release")).spec?.leaseTransitions, 1);
  assert.deepEqual(b.leaders, ["a", "b"]);
  runB.abort();
  await runB.done;
  assert.deepEqual(
    e.log.map((l) => l.replace(/^\d+ /, "")),
    ["a started", "a signal aborted", "a stopped", "a run returned", "b started", "b signal aborted", "b stopped", "b run returned"],
  );
});

test("a candidate aborted before it ever led returns without onStartedLeading or onStoppedLeading", async () => {
  const e = new Election();
  const a = e.candidate("a", "lock-never");
  const b = e.candidate("b", "lock-never");
  const runA = a.start();
  await e.settle();
  const runB = b.start();
  await e.advance(3_000);
  runB.abort();
  await runB.done;
  assert.deepEqual(
    e.log.filter((l) => l.includes(" b ")).map((l) => l.replace(/^\d+ /, "")),
    ["b run returned"],
  );
  await assert.rejects(() => a.elector.run(new AbortController().signal), /already going/);
  runA.abort();
  await runA.done;
});

test("options are checked as client-go checks them", () => {
  const base: LeaderElectionOptions = {
    lock: { client: clientset.coordinationV1(), namespace: NS, name: "l" },
    identity: "me",
    callbacks: { onStartedLeading: () => undefined },
  };
  const elector = newLeaderElector(base);
  assert.deepEqual([elector.leaseDuration, elector.renewDeadline, elector.retryPeriod], [15_000, 10_000, 2_000]);
  const bad: [Partial<LeaderElectionOptions>, RegExp][] = [
    [{ leaseDuration: 10_000 }, /^leader election: leaseDuration must be greater than renewDeadline \(got 10000 ms ≤ 10000 ms\)$/],
    [
      { retryPeriod: 9_000 },
      /^leader election: renewDeadline must be greater than retryPeriod\*JitterFactor \(got 10000 ms ≤ 9000 ms × 1\.2\)$/,
    ],
    [{ retryPeriod: 0 }, /retryPeriod must be greater than zero/],
    [{ renewDeadline: -1 }, /renewDeadline must be greater than zero/],
    [{ leaseDuration: Number.NaN }, /leaseDuration must be greater than zero/],
    [{ leaseDuration: 900, renewDeadline: 500, retryPeriod: 100 }, /leaseDuration must be at least 1000 ms/],
    [{ identity: "" }, /^leader election: identity must not be empty$/],
    [{ lock: { client: clientset.coordinationV1(), namespace: NS, name: "" } }, /namespace and name must not be empty/],
  ];
  for (const [extra, message] of bad) assert.throws(() => new LeaderElector({ ...base, ...extra }), { name: "RangeError", message });
});

test("MicroTime: UTC, exactly six fractional digits, as the API server stores it", async () => {
  assert.equal(formatMicroTime(0), "1970-01-01T00:00:00.000000Z");
  assert.equal(formatMicroTime(Date.UTC(2026, 11, 2, 7, 50, 1, 123)), "2026-12-02T07:50:01.123000Z");
  assert.equal(formatMicroTime(Date.UTC(2026, 11, 2, 7, 50, 1) + 0.25), "2026-12-02T07:50:01.000250Z");
  assert.equal(formatMicroTime(Date.UTC(2026, 11, 31, 23, 59, 59, 999) + 0.999), "2026-12-31T23:59:59.999999Z");
  // The process's own wall clock (the default) gives microseconds too, and the server takes them unchanged.
  const e = new Election();
  const before = Date.now();
  const a = e.candidate("a", "lock-micro", { realWallClock: true });
  const run = a.start();
  await e.settle();
  const spec = (await lease("lock-micro")).spec;
  assert.match(spec?.acquireTime ?? "", MICRO);
  assert.match(spec?.renewTime ?? "", MICRO);
  assert.ok((spec?.renewTime ?? "") >= (spec?.acquireTime ?? "~"), "renewed (right after acquiring) no earlier than acquired");
  const written = Date.parse(spec?.acquireTime ?? "");
  assert.ok(written >= before - 1000 && written <= Date.now() + 1000);
  run.abort();
  await run.done;
});
