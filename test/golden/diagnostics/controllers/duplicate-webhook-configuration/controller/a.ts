// +kubebuilder:webhookconfiguration:mutating=true,name=first
export class A {}
