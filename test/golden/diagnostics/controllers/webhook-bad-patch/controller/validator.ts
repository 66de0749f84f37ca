// +kubebuilder:webhook:path=/validate,mutating=false,failurePolicy=fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=vdeploy.example.com,admissionReviewVersions=v1,patch=`{"namespaceselector":{"matchLabels":{"a":"b"}}}`
export class Validator {}
