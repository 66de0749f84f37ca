// +k8s:deepcopy-gen=package
// +k8s:conversion-gen=v2
// +groupName=shipyard.example.com

// Package v1 converts through v2, which was the hub before v3 took over.
export {};
