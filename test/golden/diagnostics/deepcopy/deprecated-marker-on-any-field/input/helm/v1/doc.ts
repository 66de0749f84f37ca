// +k8s:deepcopy-gen=package
// +groupName=helm.example.com
export {};
