// +k8s:deepcopy-gen=package
// +k8s:conversion-gen=harbor/v2
// +groupName=shipyard.example.com

// Package v1 names harbor/v2, of another group, as its hub instead of shipyard/v2.
export {};
