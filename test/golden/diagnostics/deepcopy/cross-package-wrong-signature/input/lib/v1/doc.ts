// +k8s:deepcopy-gen=package
// +groupName=lib.example.com
export {};
