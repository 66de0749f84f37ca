// +k8s:deepcopy-gen=package
// +k8s:conversion-gen=v3
// +groupName=shipyard.example.com

// Package v1 converts through a hub v3 the group does not have; its hub is v2.
export {};
