// The Vessel conversions the generator cannot write, as conversion-gen's manual Convert_
// functions: v1's replicas and image became v2's size and containers, and v2's tier has a value v1
// lacks. Each starts from the generated autoConvert_ function (the fields that match) and adds the
// rest; zz_generated.conversion.ts imports these by name.
import type * as v2 from "../v2/types.js";
import type { VesselSpec } from "./types.js";
import { autoConvert_v1_VesselSpec_To_v2_VesselSpec, autoConvert_v2_VesselSpec_To_v1_VesselSpec } from "./zz_generated.conversion.js";

export function convert_v1_VesselSpec_To_v2_VesselSpec(in_: VesselSpec): v2.VesselSpec {
  const out: v2.VesselSpec = { ...autoConvert_v1_VesselSpec_To_v2_VesselSpec(in_), containers: [] };
  if (in_.replicas !== undefined) out.size = in_.replicas;
  if (in_.image !== undefined) out.containers.push({ image: in_.image });
  return out;
}

export function convert_v2_VesselSpec_To_v1_VesselSpec(in_: v2.VesselSpec): VesselSpec {
  const out: VesselSpec = autoConvert_v2_VesselSpec_To_v1_VesselSpec(in_);
  if (in_.size !== undefined) out.replicas = in_.size;
  const image = in_.containers[0]?.image;
  if (image !== undefined) out.image = image;
  // v1 has no bronze tier: a bronze vessel reads as silver in v1.
  if (in_.tier !== undefined) out.tier = in_.tier === "bronze" ? "silver" : in_.tier;
  return out;
}
