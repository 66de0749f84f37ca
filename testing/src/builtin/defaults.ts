// Defaulting for the built-in kinds controllers commonly create, mirroring the server's SetDefaults_* functions
// for the fields clients read back (Deployment strategy and pod template, Namespace finalizers and phase...).
import type { Emulate } from "../server-state.js";

type Obj = Record<string, unknown>;

function obj(parent: Obj, key: string): Obj {
  const cur = parent[key];
  if (cur && typeof cur === "object" && !Array.isArray(cur)) return cur as Obj;
  const created: Obj = {};
  parent[key] = created;
  return created;
}

function setDefault(o: Obj, key: string, value: unknown): void {
  if (o[key] === undefined || o[key] === null) o[key] = value;
}

function defaultContainer(c: Obj): void {
  const image = typeof c["image"] === "string" ? c["image"] : "";
  const tagPart = image.includes("@") ? "" : (image.split("/").pop() ?? "");
  const tag = tagPart.includes(":") ? tagPart.split(":").pop() : "";
  setDefault(c, "imagePullPolicy", !image.includes("@") && (!tag || tag === "latest") ? "Always" : "IfNotPresent");
  setDefault(c, "resources", {});
  setDefault(c, "terminationMessagePath", "/dev/termination-log");
  setDefault(c, "terminationMessagePolicy", "File");
  if (Array.isArray(c["ports"])) for (const p of c["ports"] as Obj[]) setDefault(p, "protocol", "TCP");
}

/** Pod spec defaults (SetDefaults_PodSpec and container defaults). */
export function defaultPodSpec(spec: Obj): void {
  setDefault(spec, "dnsPolicy", "ClusterFirst");
  setDefault(spec, "restartPolicy", "Always");
  setDefault(spec, "schedulerName", "default-scheduler");
  setDefault(spec, "securityContext", {});
  setDefault(spec, "terminationGracePeriodSeconds", 30);
  for (const key of ["containers", "initContainers"]) {
    if (Array.isArray(spec[key])) for (const c of spec[key] as Obj[]) defaultContainer(c);
  }
}

/** apps/v1 Deployment defaults. */
export function defaultDeployment(d: Obj, emulate: Emulate = "1.24"): void {
  const spec = obj(d, "spec");
  setDefault(spec, "replicas", 1);
  const strategy = obj(spec, "strategy");
  setDefault(strategy, "type", "RollingUpdate");
  if (strategy["type"] === "RollingUpdate") {
    const ru = obj(strategy, "rollingUpdate");
    setDefault(ru, "maxUnavailable", "25%");
    setDefault(ru, "maxSurge", "25%");
  }
  setDefault(spec, "revisionHistoryLimit", 10);
  setDefault(spec, "progressDeadlineSeconds", 600);
  defaultTemplate(spec, emulate);
  if (d["status"] === undefined) d["status"] = {};
}

/**
 * A workload's pod template: under 1.24 its metadata's zero creationTimestamp, which 1.24's Go
 * serialised as null (1.37.2 omits a zero time, so writes nothing there), and the pod spec's defaults.
 */
function defaultTemplate(spec: Obj, emulate: Emulate): void {
  const template = obj(spec, "template");
  const tmeta = obj(template, "metadata");
  if (emulate === "1.24" && !("creationTimestamp" in tmeta)) tmeta["creationTimestamp"] = null;
  defaultPodSpec(obj(template, "spec"));
}

/** apps/v1 StatefulSet defaults (SetDefaults_StatefulSet, recorded from 1.37.2); its status starts at zero replicas. */
export function defaultStatefulSet(d: Obj, emulate: Emulate = "1.24"): void {
  const spec = obj(d, "spec");
  setDefault(spec, "replicas", 1);
  defaultTemplate(spec, emulate);
  setDefault(spec, "serviceName", "");
  setDefault(spec, "podManagementPolicy", "OrderedReady");
  const strategy = obj(spec, "updateStrategy");
  setDefault(strategy, "type", "RollingUpdate");
  if (strategy["type"] === "RollingUpdate") {
    const ru = obj(strategy, "rollingUpdate");
    setDefault(ru, "partition", 0);
    setDefault(ru, "maxUnavailable", 1);
  }
  setDefault(spec, "revisionHistoryLimit", 10);
  // Each claim template is a whole PersistentVolumeClaim to the API: its kind and apiVersion, a
  // Filesystem volume mode, a Pending status (recorded from 1.37.2).
  if (Array.isArray(spec["volumeClaimTemplates"]))
    spec["volumeClaimTemplates"] = spec["volumeClaimTemplates"].map((t: unknown) => {
      if (t === null || typeof t !== "object" || Array.isArray(t)) return t;
      const claim = { kind: "PersistentVolumeClaim", apiVersion: "v1", ...(t as Obj) };
      setDefault(obj(claim, "spec"), "volumeMode", "Filesystem");
      setDefault(obj(claim, "status"), "phase", "Pending");
      return claim;
    });
  const retention = obj(spec, "persistentVolumeClaimRetentionPolicy");
  setDefault(retention, "whenDeleted", "Retain");
  setDefault(retention, "whenScaled", "Retain");
  if (d["status"] === undefined) d["status"] = { replicas: 0, availableReplicas: 0 };
}

/** apps/v1 ReplicaSet defaults (recorded from 1.37.2). */
export function defaultReplicaSet(d: Obj, emulate: Emulate = "1.24"): void {
  const spec = obj(d, "spec");
  setDefault(spec, "replicas", 1);
  defaultTemplate(spec, emulate);
  if (d["status"] === undefined) d["status"] = { replicas: 0 };
}

/** apps/v1 DaemonSet defaults (recorded from 1.37.2). */
export function defaultDaemonSet(d: Obj, emulate: Emulate = "1.24"): void {
  const spec = obj(d, "spec");
  defaultTemplate(spec, emulate);
  const strategy = obj(spec, "updateStrategy");
  setDefault(strategy, "type", "RollingUpdate");
  if (strategy["type"] === "RollingUpdate") {
    const ru = obj(strategy, "rollingUpdate");
    setDefault(ru, "maxUnavailable", 1);
    setDefault(ru, "maxSurge", 0);
  }
  setDefault(spec, "revisionHistoryLimit", 10);
  if (d["status"] === undefined)
    d["status"] = { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 };
}

/** core/v1 Pod defaults; pods are stored only, so status stays Pending. */
export function defaultPod(p: Obj): void {
  defaultPodSpec(obj(p, "spec"));
  const spec = obj(p, "spec");
  setDefault(spec, "enableServiceLinks", true);
  setDefault(spec, "priority", 0);
  const status = obj(p, "status");
  setDefault(status, "phase", "Pending");
  setDefault(status, "qosClass", "BestEffort");
}

/** core/v1 Namespace defaults: the kubernetes finalizer, Active phase and the name label. */
export function defaultNamespace(ns: Obj): void {
  const spec = obj(ns, "spec");
  setDefault(spec, "finalizers", ["kubernetes"]);
  const status = obj(ns, "status");
  setDefault(status, "phase", "Active");
  const meta = obj(ns, "metadata");
  const labels = obj(meta, "labels");
  if (typeof meta["name"] === "string") labels["kubernetes.io/metadata.name"] = meta["name"];
}

/** core/v1 Secret defaults: type Opaque, stringData folded into base64 data. */
export function defaultSecret(s: Obj): void {
  setDefault(s, "type", "Opaque");
  const stringData = s["stringData"];
  if (stringData && typeof stringData === "object") {
    const data = obj(s, "data");
    for (const [k, v] of Object.entries(stringData as Obj)) data[k] = Buffer.from(String(v)).toString("base64");
    delete s["stringData"];
  }
}

/** core/v1 Service defaults kept minimal: type ClusterIP and TCP ports. */
export function defaultService(s: Obj): void {
  const spec = obj(s, "spec");
  setDefault(spec, "type", "ClusterIP");
  setDefault(spec, "sessionAffinity", "None");
  if (Array.isArray(spec["ports"]))
    for (const p of spec["ports"] as Obj[]) {
      setDefault(p, "protocol", "TCP");
      // An unset (or zero, or empty) targetPort is the port.
      if (p["targetPort"] === undefined || p["targetPort"] === 0 || p["targetPort"] === "") p["targetPort"] = p["port"];
    }
  const type = spec["type"];
  const externallyAccessible =
    type === "NodePort" ||
    type === "LoadBalancer" ||
    (type === "ClusterIP" && Array.isArray(spec["externalIPs"]) && spec["externalIPs"].length > 0);
  if (externallyAccessible) setDefault(spec, "externalTrafficPolicy", "Cluster");
  if (type === "ClusterIP" || type === "NodePort" || type === "LoadBalancer") setDefault(spec, "internalTrafficPolicy", "Cluster");
  if (type === "LoadBalancer") setDefault(spec, "allocateLoadBalancerNodePorts", true);
  if (s["status"] === undefined) s["status"] = { loadBalancer: {} };
}
