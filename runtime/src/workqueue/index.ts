// workqueue: client-go's rate-limited work queue. Owns the queue (dirty and processing sets, one
// worker per item at a time), delayed adds, the rate limiters, the metric hooks (on core/clock's Clock,
// with a FakeClock for tests). It knows nothing of informers or objects: items are keys.
export * from "./queue.js";
export * from "./delaying-queue.js";
export * from "./rate-limiters.js";
export * from "./rate-limiting-queue.js";
export { workqueueMetricNames } from "./metrics.js";
export type { CounterMetric, GaugeMetric, HistogramMetric, MetricsProvider, SettableGaugeMetric } from "./metrics.js";
