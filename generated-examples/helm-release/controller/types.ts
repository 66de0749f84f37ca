// The built-in kind this controller writes, typed as the runtime's built-in client types it.
import type { CoreV1Client } from "@kube-codegen/runtime";

/** core/v1 ConfigMap. */
export type ConfigMapOf = Awaited<ReturnType<ReturnType<CoreV1Client["configMaps"]>["get"]>>;
