// autoscaling/v1 Scale: what the scale subresource reads and writes, whatever the kind.
import type { ObjectMeta } from "../core/apimachinery.js";

/** autoscaling/v1 Scale. */
export interface Scale {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: { replicas?: number };
  status?: { replicas: number; selector?: string };
}
