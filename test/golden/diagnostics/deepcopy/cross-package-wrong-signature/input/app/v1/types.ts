import type { Endpoint } from "../../lib/v1/types.js";

// AppSpec copies its endpoints with lib/v1's copy, which does not exist.
export interface AppSpec {
  endpoints?: Endpoint[];
}
