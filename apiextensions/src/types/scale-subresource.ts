/** A CRD version's subresources.scale: where the replica counts and the label selector live, e.g. ".spec.replicas". */
export interface ScaleSubresource {
  readonly specReplicasPath: string;
  readonly statusReplicasPath: string;
  readonly labelSelectorPath?: string;
}
