// +groupName=example.com
// +kubebuilder:validation:Minimum=1
export {};
