// +groupName=shop.example.com
// +k8s:deepcopy-gen=package
// +k8s:deepcopy-gen:unknown=json
export {};
