// +k8s:deepcopy-gen=package
// +groupName=widgets.example.com
export {};
