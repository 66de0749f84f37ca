// Metric hooks of a workqueue, as client-go's: a provider makes one metric per kind for a named
// queue, and the queue reports to them. No metrics library is a dependency; adapt prom-client (or
// anything else) with a provider whose metrics carry the names in `workqueueMetricNames`.
import type { Clock } from "../core/clock.js";

/** A value that goes up and down (the queue's depth). */
export interface GaugeMetric {
  inc(): void;
  dec(): void;
}

/** A value set outright (the unfinished-work gauges). */
export interface SettableGaugeMetric {
  set(value: number): void;
}

/** A value that only goes up (adds, retries). */
export interface CounterMetric {
  inc(): void;
}

/** Observations, in seconds (queue latency, work duration). */
export interface HistogramMetric {
  observe(value: number): void;
}

/**
 * Makes the metrics of the queue called `name`. Every factory is optional: a missing one records
 * nothing. Durations are observed in seconds, as Prometheus's conventions and client-go's want.
 */
export interface MetricsProvider {
  newDepthMetric?(name: string): GaugeMetric;
  newAddsMetric?(name: string): CounterMetric;
  newLatencyMetric?(name: string): HistogramMetric;
  newWorkDurationMetric?(name: string): HistogramMetric;
  newUnfinishedWorkSecondsMetric?(name: string): SettableGaugeMetric;
  newLongestRunningProcessorSecondsMetric?(name: string): SettableGaugeMetric;
  newRetriesMetric?(name: string): CounterMetric;
}

/** The Prometheus names client-go's workqueue metrics have (each with a `name` label: the queue's). */
export const workqueueMetricNames = {
  depth: "workqueue_depth",
  adds: "workqueue_adds_total",
  latency: "workqueue_queue_duration_seconds",
  workDuration: "workqueue_work_duration_seconds",
  unfinishedWorkSeconds: "workqueue_unfinished_work_seconds",
  longestRunningProcessorSeconds: "workqueue_longest_running_processor_seconds",
  retries: "workqueue_retries_total",
} as const;

const noop = { inc() {}, dec() {}, set() {}, observe() {} };

/** What the queue calls on add, get and done; it owns the per-item timestamps the durations need. */
export class QueueMetrics<T> {
  readonly #clock: Clock;
  readonly #depth: GaugeMetric;
  readonly #adds: CounterMetric;
  readonly #latency: HistogramMetric;
  readonly #workDuration: HistogramMetric;
  readonly #unfinished: SettableGaugeMetric;
  readonly #longest: SettableGaugeMetric;
  readonly #addTimes = new Map<T, number>();
  readonly #startTimes = new Map<T, number>();
  /** Whether the provider wants the unfinished-work gauges, which need a periodic update. */
  readonly tracksUnfinishedWork: boolean;

  constructor(provider: MetricsProvider, name: string, clock: Clock) {
    this.#clock = clock;
    this.#depth = provider.newDepthMetric?.(name) ?? noop;
    this.#adds = provider.newAddsMetric?.(name) ?? noop;
    this.#latency = provider.newLatencyMetric?.(name) ?? noop;
    this.#workDuration = provider.newWorkDurationMetric?.(name) ?? noop;
    this.#unfinished = provider.newUnfinishedWorkSecondsMetric?.(name) ?? noop;
    this.#longest = provider.newLongestRunningProcessorSecondsMetric?.(name) ?? noop;
    this.tracksUnfinishedWork =
      provider.newUnfinishedWorkSecondsMetric !== undefined || provider.newLongestRunningProcessorSecondsMetric !== undefined;
  }

  add(item: T): void {
    this.#adds.inc();
    this.#depth.inc();
    // Latency runs from the first add of a dirty item, however often it is added again meanwhile.
    if (!this.#addTimes.has(item)) this.#addTimes.set(item, this.#clock.now());
  }

  get(item: T): void {
    this.#depth.dec();
    const now = this.#clock.now();
    this.#startTimes.set(item, now);
    const added = this.#addTimes.get(item);
    if (added !== undefined) {
      this.#latency.observe((now - added) / 1000);
      this.#addTimes.delete(item);
    }
  }

  done(item: T): void {
    const started = this.#startTimes.get(item);
    if (started === undefined) return;
    this.#workDuration.observe((this.#clock.now() - started) / 1000);
    this.#startTimes.delete(item);
  }

  /** Sets the gauges of work in flight: the sum of its ages and the oldest, in seconds. */
  updateUnfinishedWork(): void {
    const now = this.#clock.now();
    let total = 0;
    let oldest = 0;
    for (const started of this.#startTimes.values()) {
      const age = (now - started) / 1000;
      total += age;
      if (age > oldest) oldest = age;
    }
    this.#unfinished.set(total);
    this.#longest.set(oldest);
  }
}

/** The delaying queue's one metric: every `addAfter` (and so every `addRateLimited`) counts a retry. */
export function retriesMetric(provider: MetricsProvider | undefined, name: string): CounterMetric {
  return provider?.newRetriesMetric?.(name) ?? noop;
}
