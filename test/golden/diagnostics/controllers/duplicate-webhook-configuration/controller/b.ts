export class B {
  // +kubebuilder:webhookconfiguration:mutating=true,name=second
  run(): void {}
}
