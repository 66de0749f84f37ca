import type { Endpoint, Phase } from "../../lib/v1/types.js";

// Base aliases another package's opted-out struct.
export type Base = Endpoint;

// AppSpec embeds it through the alias, so its hand-written copy is needed.
export interface AppSpec extends Base {
  phase?: Phase;
}
