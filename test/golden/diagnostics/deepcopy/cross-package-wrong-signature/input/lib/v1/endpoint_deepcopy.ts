import type { Endpoint } from "./types.js";

// The copy takes the wrong arguments.
export function deepCopyEndpoint(src: Endpoint[]): Endpoint[] {
  return src.map((e) => ({ ...e }));
}
