// +k8s:deepcopy-gen=package
// +k8s:conversion-gen=v2
// +groupName=shipyard.example.com

// Package v1 is a spoke of the Vessel conversions: +k8s:conversion-gen=v2 generates the
// conversions to and from the hub v2 in zz_generated.conversion.ts, field by field where names and
// types match; the VesselSpec conversions, whose fields do not all match, are hand-written in
// conversion.ts on top of the generated autoConvert_ functions.
export {};
