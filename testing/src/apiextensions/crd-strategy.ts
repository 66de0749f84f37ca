// The registry strategies of apiextensions-apiserver: CustomResourceDefinitions and the custom resources
// they serve are stored under /registry/<group>/<plural>, and their PUTs must carry a resourceVersion
// (AllowUnconditionalUpdate false); a CRD's DELETE answers with the CRD, a custom resource's with a Status.
import { DEFAULT_STRATEGY, type Strategy } from "../registry/strategy.js";

export const CRD_STRATEGY: Strategy = {
  ...DEFAULT_STRATEGY,
  returnDeletedObject: true,
  allowUnconditionalUpdate: false,
  keyRoot: (info) => `${info.group}/${info.resource}`,
};

export const CUSTOM_RESOURCE_STRATEGY: Strategy = {
  ...DEFAULT_STRATEGY,
  allowUnconditionalUpdate: false,
  keyRoot: (info) => `${info.group}/${info.resource}`,
};
