// +kubebuilder:object:generate=true
// +groupName=widgets.example.com
export {};
