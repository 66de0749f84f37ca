import type { ListMeta, ObjectMeta, Time, TypeMeta } from "@kube-codegen/runtime";

// EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!
// NOTE: json tags are required.  Any new fields you add must have json tags for the fields to be serialized.

// TraefikServiceSpec defines the desired state of TraefikService
export interface TraefikServiceSpec {
  // INSERT ADDITIONAL SPEC FIELDS - desired state of cluster
  // Important: Run "make" to regenerate code after modifying this file

  // Foo is an example field of TraefikService. Edit traefikservice_types.go to remove/update
  entrypoint: string;
  url: string;
}

// TraefikServiceStatus defines the observed state of TraefikService
export interface TraefikServiceStatus {
  // INSERT ADDITIONAL STATUS FIELD - define observed state of cluster
  // Important: Run "make" to regenerate code after modifying this file

  // 是否被激活
  active?: boolean;
  // 最新更新时间
  lastUpdateTime?: Time;
  // 如果更新失败, 失败的原因
  message?: string;
}

//+genclient
//+kubebuilder:object:root=true
//+kubebuilder:subresource:status

// TraefikService is the Schema for the traefikservices API
export interface TraefikService extends TypeMeta {
  metadata?: ObjectMeta;

  spec?: TraefikServiceSpec;
  status?: TraefikServiceStatus;
}

//+kubebuilder:object:root=true

// TraefikServiceList contains a list of TraefikService
export interface TraefikServiceList extends TypeMeta {
  metadata?: ListMeta;
  items: TraefikService[];
}
