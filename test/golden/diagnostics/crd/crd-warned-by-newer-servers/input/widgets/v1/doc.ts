// +groupName=example.com
// +k8s:deepcopy-gen=package
export {};
