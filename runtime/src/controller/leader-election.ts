// Leader election over a coordination.k8s.io/v1 Lease, with client-go's semantics
// (tools/leaderelection with resourcelock.LeaseLock): candidates retry every jittered retryPeriod;
// a lease held by another is taken over only once its record has been seen unchanged for its
// leaseDurationSeconds by the local clock (never by comparing the lease's renewTime with our
// clock, so clock skew between candidates does not matter); the leader renews every retryPeriod
// and steps down when renewDeadline passes without a successful renew. Writes are compare-and-swap
// on resourceVersion, so of two candidates racing for one record exactly one wins.
import type { Lease, LeaseSpec } from "kubernetes-types/coordination/v1.js";
import type { CoordinationV1Client } from "../builtin/coordination-v1.js";
import { isConflict, isNotFound } from "../core/api-error.js";
import type { MicroTime } from "../core/apimachinery.js";
import { realClock, sleep } from "../core/clock.js";
import type { Clock } from "../core/clock.js";

/** wait.Jitter's factor for the acquire loop: each wait is retryPeriod × [1, 1 + JITTER_FACTOR). */
export const LEADER_ELECTION_JITTER_FACTOR = 1.2;

/** The Lease a leader election holds. */
export interface LeaseLockConfig {
  /** The coordination.k8s.io/v1 client (`clientset.coordinationV1()`). */
  readonly client: Pick<CoordinationV1Client, "leases">;
  readonly namespace: string;
  readonly name: string;
  /** Labels set on the Lease when created and merged into it on each write (LeaseLock.Labels). */
  readonly labels?: Readonly<Record<string, string>>;
}

/** What a leader election is told of. */
export interface LeaderElectionCallbacks {
  /** Leadership acquired: run the guarded work until `signal` aborts (leadership lost or run's signal aborted). */
  readonly onStartedLeading: (signal: AbortSignal) => void | Promise<void>;
  /** Leadership ended (after the signal aborted and, with releaseOnCancel, the release). Only called after onStartedLeading. */
  readonly onStoppedLeading?: () => void;
  /** Another holder was observed (also our own identity on acquiring); never called with "" (a released lease). */
  readonly onNewLeader?: (identity: string) => void;
}

/** How a leader election runs (LeaderElectionConfig). */
export interface LeaderElectionOptions {
  readonly lock: LeaseLockConfig;
  /** This candidate's identity, unique among the candidates (a pod name, hostname + random suffix). */
  readonly identity: string;
  /** How long a non-leader waits, after it last saw the record change, before taking it over (ms, default 15 000; written as whole seconds). */
  readonly leaseDuration?: number;
  /** How long the leader keeps retrying a failed renew before it steps down (ms, default 10 000). */
  readonly renewDeadline?: number;
  /** The wait between tries, jittered by 1.2 when acquiring (ms, default 2 000). */
  readonly retryPeriod?: number;
  /** When run's signal aborts (or leadership is lost) while leading, clear holderIdentity so another candidate acquires at once. */
  readonly releaseOnCancel?: boolean;
  readonly callbacks: LeaderElectionCallbacks;
  /** Measures leaseDuration, renewDeadline and the waits (default the real clock). */
  readonly clock?: Clock;
  /** Wall-clock time in epoch milliseconds for acquireTime/renewTime (default the process's, with microseconds). */
  readonly wallClock?: () => number;
  /** A number in [0, 1) for the jitter (default Math.random). */
  readonly random?: () => number;
  /** Told of failed requests and of a rejected onStartedLeading (client-go logs them); elections go on regardless. */
  readonly onError?: (err: unknown) => void;
  /** Told when this candidate starts and stops leading, with the lock's name (client-go's leader metric: leader_election_master_status). */
  readonly metric?: LeaderMetric;
}

/** client-go's leaderelection LeaderMetric: `on` when leading starts, `off` when it ends; `name` is the lock's. */
export interface LeaderMetric {
  on(name: string): void;
  off(name: string): void;
}

/** The fields of a Lease's spec a candidate compares (LeaderElectionRecord). */
interface LeaderElectionRecord {
  holderIdentity: string;
  leaseDurationSeconds: number;
  acquireTime: MicroTime | undefined;
  renewTime: MicroTime | undefined;
  leaseTransitions: number;
}

const EMPTY_RECORD: LeaderElectionRecord = {
  holderIdentity: "",
  leaseDurationSeconds: 0,
  acquireTime: undefined,
  renewTime: undefined,
  leaseTransitions: 0,
};

/**
 * metav1.MicroTime's wire form of an epoch-milliseconds time: RFC 3339 in UTC with exactly six
 * fractional digits ("2026-12-02T07:50:01.123456Z"), the only form the API server accepts for one.
 */
export function formatMicroTime(epochMs: number): MicroTime {
  const micros = Math.floor(epochMs * 1000);
  const seconds = Math.floor(micros / 1_000_000);
  const fraction = micros - seconds * 1_000_000;
  const whole = new Date(seconds * 1000).toISOString().slice(0, 19);
  return `${whole}.${String(fraction).padStart(6, "0")}Z`;
}

const defaultWallClock = (): number => performance.timeOrigin + performance.now();

function recordOf(spec: LeaseSpec | undefined): LeaderElectionRecord {
  return {
    holderIdentity: spec?.holderIdentity ?? "",
    leaseDurationSeconds: spec?.leaseDurationSeconds ?? 0,
    acquireTime: spec?.acquireTime,
    renewTime: spec?.renewTime,
    leaseTransitions: spec?.leaseTransitions ?? 0,
  };
}

// The record as compared between two reads (client-go compares the marshalled record).
function rawOf(spec: LeaseSpec | undefined): string {
  const r = recordOf(spec);
  return JSON.stringify([r.holderIdentity, r.leaseDurationSeconds, r.acquireTime ?? null, r.renewTime ?? null, r.leaseTransitions]);
}

function specOf(r: LeaderElectionRecord): LeaseSpec {
  return {
    holderIdentity: r.holderIdentity,
    leaseDurationSeconds: r.leaseDurationSeconds,
    ...(r.acquireTime !== undefined ? { acquireTime: r.acquireTime } : {}),
    ...(r.renewTime !== undefined ? { renewTime: r.renewTime } : {}),
    leaseTransitions: r.leaseTransitions,
  };
}

function checkDuration(name: string, ms: number): void {
  if (!Number.isFinite(ms) || ms <= 0) throw new RangeError(`leader election: ${name} must be greater than zero (got ${String(ms)} ms)`);
}

/**
 * One candidate in a leader election (client-go's LeaderElector). `run(signal)` campaigns until
 * `signal` aborts: it acquires the lease, calls onStartedLeading with a signal that aborts when
 * leadership ends, renews, and resolves once leadership (if it was won) is over, the release (with
 * releaseOnCancel) is written, onStoppedLeading has been called and onStartedLeading's promise has
 * settled. Like client-go's Run, it does not campaign again after losing: run it again, or exit.
 */
export class LeaderElector {
  readonly identity: string;
  readonly leaseDuration: number;
  readonly renewDeadline: number;
  readonly retryPeriod: number;
  readonly #options: LeaderElectionOptions;
  readonly #clock: Clock;
  readonly #wallClock: () => number;
  readonly #random: () => number;
  // What the last read or write saw, when (local clock), and the Lease it came with (its resourceVersion).
  #observed: LeaderElectionRecord = EMPTY_RECORD;
  #observedRaw = "";
  #observedTime = 0;
  #lease: Lease | undefined;
  #reportedLeader = "";
  #leading = false;
  #running = false;

  constructor(options: LeaderElectionOptions) {
    const leaseDuration = options.leaseDuration ?? 15_000;
    const renewDeadline = options.renewDeadline ?? 10_000;
    const retryPeriod = options.retryPeriod ?? 2_000;
    checkDuration("leaseDuration", leaseDuration);
    checkDuration("renewDeadline", renewDeadline);
    checkDuration("retryPeriod", retryPeriod);
    if (leaseDuration <= renewDeadline)
      throw new RangeError(
        `leader election: leaseDuration must be greater than renewDeadline (got ${String(leaseDuration)} ms ≤ ${String(renewDeadline)} ms)`,
      );
    if (renewDeadline <= LEADER_ELECTION_JITTER_FACTOR * retryPeriod)
      throw new RangeError(
        `leader election: renewDeadline must be greater than retryPeriod*JitterFactor (got ${String(renewDeadline)} ms ≤ ${String(retryPeriod)} ms × ${String(LEADER_ELECTION_JITTER_FACTOR)})`,
      );
    if (leaseDuration < 1000)
      throw new RangeError(
        `leader election: leaseDuration must be at least 1000 ms, the Lease stores whole seconds (got ${String(leaseDuration)} ms)`,
      );
    if (options.identity === "") throw new RangeError("leader election: identity must not be empty");
    if (options.lock.name === "" || options.lock.namespace === "")
      throw new RangeError("leader election: the lock's namespace and name must not be empty");
    this.identity = options.identity;
    this.leaseDuration = leaseDuration;
    this.renewDeadline = renewDeadline;
    this.retryPeriod = retryPeriod;
    this.#options = options;
    this.#clock = options.clock ?? realClock;
    this.#wallClock = options.wallClock ?? defaultWallClock;
    this.#random = options.random ?? Math.random;
  }

  /** Whether this candidate is leading now: it won the lease and has not stepped down. */
  isLeader(): boolean {
    return this.#leading && this.#observed.holderIdentity === this.identity;
  }

  /** The holder's identity as last observed ("" when none was seen or the lease was released). */
  getLeader(): string {
    return this.#observed.holderIdentity;
  }

  /** Campaigns until `signal` aborts; see the class comment. A second run while one is going throws. */
  async run(signal: AbortSignal): Promise<void> {
    if (this.#running) throw new Error("leader election: run is already going for this elector");
    this.#running = true;
    try {
      if (!(await this.#acquire(signal))) return;
      const leading = new AbortController();
      this.#leading = true;
      this.#options.metric?.on(this.#options.lock.name);
      // An async wrapper, so a callback that throws synchronously is a rejection like any other.
      const work = (async () => this.#options.callbacks.onStartedLeading(leading.signal))();
      const settled = work.then(
        () => undefined,
        (err: unknown) => this.#options.onError?.(err),
      );
      try {
        await this.#renew(signal);
      } finally {
        leading.abort();
        if (this.#options.releaseOnCancel) await this.#release();
        this.#leading = false;
        this.#options.metric?.off(this.#options.lock.name);
        this.#options.callbacks.onStoppedLeading?.();
        await settled;
      }
    } finally {
      this.#running = false;
    }
  }

  // Tries at once, then every jittered retryPeriod, until a try wins (true) or signal aborts (false).
  async #acquire(signal: AbortSignal): Promise<boolean> {
    while (!signal.aborted) {
      const won = await this.#tryAcquireOrRenew(signal);
      this.#maybeReportTransition();
      if (won) return true;
      const wait = this.retryPeriod * (1 + this.#random() * LEADER_ELECTION_JITTER_FACTOR);
      await sleep(this.#clock, wait, signal);
    }
    return false;
  }

  // Renews every retryPeriod; returns when signal aborts or renewDeadline passes without a renew.
  async #renew(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      if (!(await this.#renewWithin(signal))) return;
      await sleep(this.#clock, this.retryPeriod, signal);
    }
  }

  // One renew round (wait.PollUntilContextTimeout): tries at once and every retryPeriod until one
  // succeeds; false when renewDeadline passes first (a request still going then is aborted).
  async #renewWithin(signal: AbortSignal): Promise<boolean> {
    const deadline = new AbortController();
    const timer = this.#clock.setTimer(this.renewDeadline, () => deadline.abort());
    const both = AbortSignal.any([signal, deadline.signal]);
    try {
      while (!both.aborted) {
        const renewed = await this.#tryAcquireOrRenew(both);
        this.#maybeReportTransition();
        if (renewed && !both.aborted) return true;
        await sleep(this.#clock, this.retryPeriod, both);
      }
      return false;
    } finally {
      timer.stop();
    }
  }

  #isLeaseValid(now: number): boolean {
    return this.#observedTime + this.#observed.leaseDurationSeconds * 1000 > now;
  }

  #setObserved(record: LeaderElectionRecord, lease: Lease): void {
    this.#observed = record;
    this.#observedRaw = rawOf(lease.spec);
    this.#observedTime = this.#clock.now();
    this.#lease = lease;
  }

  #ours(previous: LeaderElectionRecord | undefined): LeaderElectionRecord {
    const now = formatMicroTime(this.#wallClock());
    const mine = previous?.holderIdentity === this.identity;
    return {
      holderIdentity: this.identity,
      leaseDurationSeconds: Math.floor(this.leaseDuration / 1000),
      acquireTime: mine ? previous.acquireTime : now,
      renewTime: now,
      leaseTransitions: previous === undefined ? 0 : mine ? previous.leaseTransitions : previous.leaseTransitions + 1,
    };
  }

  #leaseWith(base: Lease | undefined, spec: LeaseSpec): Lease {
    const { namespace, name, labels } = this.#options.lock;
    const metadata = base?.metadata ?? { name, namespace };
    return {
      ...(base ?? { apiVersion: "coordination.k8s.io/v1", kind: "Lease" }),
      metadata: labels ? { ...metadata, labels: { ...metadata.labels, ...labels } } : metadata,
      spec,
    };
  }

  #leases() {
    return this.#options.lock.client.leases(this.#options.lock.namespace);
  }

  // tryAcquireOrRenew: true when this candidate holds the lease after the try.
  async #tryAcquireOrRenew(signal: AbortSignal): Promise<boolean> {
    const leases = this.#leases();
    const now = this.#clock.now();
    // Fast path: we hold it and our last write is still valid, so write over our own last Lease.
    if (this.#observed.holderIdentity === this.identity && this.#lease && this.#isLeaseValid(now)) {
      const record = this.#ours(this.#observed);
      if (await this.#write(record, (l) => leases.update(l, { signal }), this.#lease, signal)) return true;
      if (signal.aborted) return false;
      // Falls back to reading the Lease, as client-go's slow path.
    }
    let current: Lease;
    try {
      current = await leases.get(this.#options.lock.name, { signal });
    } catch (err) {
      if (signal.aborted) return false;
      if (!isNotFound(err)) {
        this.#options.onError?.(err);
        return false;
      }
      // AlreadyExists: another candidate created it first; the next try reads it.
      return this.#write(this.#ours(undefined), (l) => leases.create(l, { signal }), undefined, signal);
    }
    const old = recordOf(current.spec);
    this.#lease = current;
    if (rawOf(current.spec) !== this.#observedRaw) {
      // A change (or the first read): the lease's time starts again from now, by our clock.
      this.#observed = old;
      this.#observedRaw = rawOf(current.spec);
      this.#observedTime = this.#clock.now();
    }
    if (old.holderIdentity !== "" && old.holderIdentity !== this.identity && this.#isLeaseValid(this.#clock.now())) return false;
    // Conflict: someone wrote since our read (another candidate won); the next try reads again.
    return this.#write(this.#ours(old), (l) => leases.update(l, { signal }), current, signal);
  }

  // Writes `record` over `base` (a create when undefined) and observes what the server stored; a
  // failure is reported (unless the signal aborted it) and is false.
  async #write(
    record: LeaderElectionRecord,
    send: (lease: Lease) => Promise<Lease>,
    base: Lease | undefined,
    signal: AbortSignal,
  ): Promise<boolean> {
    try {
      this.#setObserved(record, await send(this.#leaseWith(base, specOf(record))));
      return true;
    } catch (err) {
      if (!signal.aborted) this.#options.onError?.(err);
      return false;
    }
  }

  // tryRelease: clears holderIdentity if we still hold the Lease (retrying on Conflict), within renewDeadline.
  async #release(): Promise<void> {
    const deadline = new AbortController();
    const timer = this.#clock.setTimer(this.renewDeadline, () => deadline.abort());
    const leases = this.#leases();
    try {
      while (!deadline.signal.aborted) {
        let current: Lease;
        try {
          current = await leases.get(this.#options.lock.name, { signal: deadline.signal });
        } catch (err) {
          if (!deadline.signal.aborted) this.#options.onError?.(err);
          return;
        }
        const held = recordOf(current.spec);
        if (held.holderIdentity !== this.identity) return;
        const now = formatMicroTime(this.#wallClock());
        const record: LeaderElectionRecord = {
          holderIdentity: "",
          leaseDurationSeconds: 1,
          acquireTime: now,
          renewTime: now,
          leaseTransitions: held.leaseTransitions,
        };
        try {
          const updated = await leases.update(this.#leaseWith(current, specOf(record)), { signal: deadline.signal });
          this.#setObserved(record, updated);
          return;
        } catch (err) {
          if (deadline.signal.aborted) return;
          if (!isConflict(err)) {
            this.#options.onError?.(err);
            return;
          }
        }
      }
    } finally {
      timer.stop();
    }
  }

  #maybeReportTransition(): void {
    const holder = this.#observed.holderIdentity;
    if (holder === this.#reportedLeader) return;
    this.#reportedLeader = holder;
    if (holder !== "") this.#options.callbacks.onNewLeader?.(holder);
  }
}

/** A LeaderElector for `options` (NewLeaderElector): throws a RangeError for options client-go rejects. */
export function newLeaderElector(options: LeaderElectionOptions): LeaderElector {
  return new LeaderElector(options);
}
