// +k8s:deepcopy-gen=package
// +k8s:conversion-gen=v3
// +groupName=shipyard.example.com

// Package v2 is now a spoke of v3.
export {};
