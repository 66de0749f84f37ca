// +k8s:deepcopy-gen=package
// +groupName=shipyard.example.com

// Package v2 is the hub of the Vessel conversions: the storage version, which v1 converts to and
// from (its doc.ts says +k8s:conversion-gen=v2). The hub's own zz_generated.conversion.ts lists
// the spokes for the runtime's Converter.
export {};
