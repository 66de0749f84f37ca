// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch
// +kubebuilder:rbac:groups=apps,resource=deployments/status,verbs=get
export class Reconciler {}
