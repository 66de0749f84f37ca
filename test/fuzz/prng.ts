// The fuzz suites' seeded randomness: one seed (FUZZ_SEED, printed by every suite so a failure can
// be replayed) and one budget multiplier (FUZZ_SCALE: 1 in CI, 10 for `npm run fuzz`). Math.random
// is never used, so a seed gives the same inputs on every machine.

/** The seed of this run: FUZZ_SEED when set (decimal or 0x hex), otherwise a fixed default. */
export function fuzzSeed(): number {
  const env = process.env["FUZZ_SEED"];
  if (env === undefined || env === "") return 0x9e3779b9;
  const n = Number(env);
  if (!Number.isSafeInteger(n)) throw new Error(`FUZZ_SEED=${env}: expected an integer`);
  return n >>> 0;
}

/** The budget multiplier: FUZZ_SCALE when set (a positive number), otherwise 1. */
export function fuzzScale(): number {
  const env = process.env["FUZZ_SCALE"];
  if (env === undefined || env === "") return 1;
  const n = Number(env);
  if (!(n > 0)) throw new Error(`FUZZ_SCALE=${env}: expected a positive number`);
  return n;
}

/** FNV-1a of a label, to derive independent streams from one seed. */
function hash(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A small deterministic generator (mulberry32) with the helpers fuzzers need. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** An independent stream for one purpose, so adding draws in one place does not shift another's. */
  fork(label: string): Prng {
    return new Prng((this.state ^ hash(label)) >>> 0 || 1);
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** An integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[this.int(items.length)]!;
  }

  /** One of the choices, by weight: `weighted([[3, "a"], [1, "b"]])`. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T {
    const total = choices.reduce((s, [w]) => s + w, 0);
    let r = this.next() * total;
    for (const [w, v] of choices) {
      if (r < w) return v;
      r -= w;
    }
    return choices[choices.length - 1]![1];
  }

  /** `n` random bytes. */
  bytes(n: number): Buffer {
    const b = Buffer.alloc(n);
    for (let i = 0; i < n; i++) b[i] = this.int(256);
    return b;
  }

  /** A string of `n` characters drawn from `alphabet`. */
  string(n: number, alphabet = "abcdefghijklmnopqrstuvwxyz0123456789-"): string {
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[this.int(alphabet.length)]!;
    return s;
  }
}
