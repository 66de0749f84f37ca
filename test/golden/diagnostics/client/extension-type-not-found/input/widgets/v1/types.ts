import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// +genclient
// +genclient:method=GetReport,verb=get,subresource=report,result=Report

// Widget is a test kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

// WidgetSpec is what a Widget wants.
export interface WidgetSpec {
  size?: string;
}
