// The VesselSpec conversions, by hand: the second is written as conversion-gen's Go function
// (filling an out parameter) rather than returning the converted value.
import type * as v2 from "../v2/types.js";
import type { VesselSpec } from "./types.js";
import { autoConvert_v1_VesselSpec_To_v2_VesselSpec } from "./zz_generated.conversion.js";

export function convert_v1_VesselSpec_To_v2_VesselSpec(in_: VesselSpec): v2.VesselSpec {
  const out: v2.VesselSpec = autoConvert_v1_VesselSpec_To_v2_VesselSpec(in_);
  if (in_.replicas !== undefined) out.size = in_.replicas;
  return out;
}

export function convert_v2_VesselSpec_To_v1_VesselSpec(in_: v2.VesselSpec, out: VesselSpec): void {
  out.displayName = in_.displayName;
  if (in_.size !== undefined) out.replicas = in_.size;
}
