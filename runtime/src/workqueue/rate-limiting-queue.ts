// A delaying queue whose retries are paced by a rate limiter (client-go's RateLimitingInterface):
// `addRateLimited` after a failure, `forget` after a success, `numRequeues` to give up after N.
import { DelayingQueue } from "./delaying-queue.js";
import type { QueueOptions } from "./queue.js";
import { defaultControllerRateLimiter } from "./rate-limiters.js";
import type { RateLimiter } from "./rate-limiters.js";

/** How a rate-limiting queue is built: a queue's options and its limiter. */
export interface RateLimitingQueueOptions<T> extends QueueOptions {
  /** Defaults to `defaultControllerRateLimiter` on the queue's clock. */
  rateLimiter?: RateLimiter<T>;
}

/** A DelayingQueue with `addRateLimited`, `forget` and `numRequeues`: the controller's queue. */
export class RateLimitingQueue<T = string> extends DelayingQueue<T> {
  readonly rateLimiter: RateLimiter<T>;

  constructor(options: RateLimitingQueueOptions<T> = {}) {
    super(options);
    this.rateLimiter = options.rateLimiter ?? defaultControllerRateLimiter<T>(this.clock);
  }

  /** Adds `item` after the delay the rate limiter gives it (counting a failure of it). */
  addRateLimited(item: T): void {
    this.addAfter(item, this.rateLimiter.when(item));
  }

  /** Resets `item`'s failures: call it when the item succeeded (or is given up on). */
  forget(item: T): void {
    this.rateLimiter.forget(item);
  }

  /** How many times `item` has been rate-limited since it was last forgotten. */
  numRequeues(item: T): number {
    return this.rateLimiter.numRequeues(item);
  }
}
