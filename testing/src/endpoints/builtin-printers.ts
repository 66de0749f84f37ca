// The cells of a built-in object's Table row, one small function per resource, computed as kube-apiserver
// 1.24's printers compute them (pkg/printers/internalversion/printers.go, printed with Wide: true as the
// server does, so the priority-1 cells are always present). The columns they fill, and which resource each
// prints, are in builtin-tables.ts.
import type { KubeObject } from "../registry/resource-info.js";

type Obj = Record<string, unknown>;

/** A Table row's conditions (a finished pod's Completed condition, which kubectl uses to hide it). */
export interface RowCondition {
  type: string;
  status: string;
  reason: string;
  message: string;
}

/** What a printer gives for one object. */
export interface PrintedRow {
  cells: unknown[];
  conditions?: RowCondition[];
}

/** Renders one object's row; `age` turns a timestamp into kubectl's "5s", "3m2s", "2d" (or "<unknown>"). */
export type Printer = (o: KubeObject, age: (timestamp: unknown) => string) => PrintedRow;

const rec = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const list = (v: unknown): Obj[] => (Array.isArray(v) ? (v as unknown[]).map(rec) : []);
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown): number => (typeof v === "number" ? v : 0);
const count = (v: unknown): number => (Array.isArray(v) ? v.length : v && typeof v === "object" ? Object.keys(v).length : 0);
const orNone = (s: string): string => (s === "" ? "<none>" : s);
const created = (o: KubeObject): unknown => o.metadata["creationTimestamp"];

/** Go's labels.FormatLabels: sorted key=value pairs, "<none>" when empty. */
function formatLabels(m: unknown): string {
  const entries = Object.entries(rec(m)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return orNone(entries.map(([k, v]) => `${k}=${str(v)}`).join(","));
}

/** metav1.LabelSelectorAsSelector(...).String(): requirements sorted by key, "" for none. */
function formatSelector(sel: unknown): string {
  const s = rec(sel);
  const reqs: [string, string][] = Object.entries(rec(s["matchLabels"])).map(([k, v]) => [k, `${k}=${str(v)}`]);
  for (const e of list(s["matchExpressions"])) {
    const key = str(e["key"]);
    const values = (Array.isArray(e["values"]) ? (e["values"] as unknown[]).map(str) : []).sort();
    const op = str(e["operator"]);
    if (op === "In") reqs.push([key, `${key} in (${values.join(",")})`]);
    else if (op === "NotIn") reqs.push([key, `${key} notin (${values.join(",")})`]);
    else if (op === "Exists") reqs.push([key, key]);
    else if (op === "DoesNotExist") reqs.push([key, `!${key}`]);
    else return "<invalid>";
  }
  return reqs
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, text]) => text)
    .join(",");
}

/** layoutContainerCells: container names and images, comma-joined. */
function containerCells(podSpec: unknown): [string, string] {
  const containers = list(rec(podSpec)["containers"]);
  return [containers.map((c) => str(c["name"])).join(","), containers.map((c) => str(c["image"])).join(",")];
}

const POD_SUCCEEDED: RowCondition = {
  type: "Completed",
  status: "True",
  reason: "Succeeded",
  message: "The pod has completed successfully.",
};
const POD_FAILED: RowCondition = { type: "Completed", status: "True", reason: "Failed", message: "The pod failed." };

/** A container's last termination time, for the "N (5m ago)" restarts cell. */
function lastFinished(status: Obj, latest: number | undefined): number | undefined {
  const at = Date.parse(str(rec(rec(status["lastState"])["terminated"])["finishedAt"]));
  return Number.isNaN(at) || (latest !== undefined && latest >= at) ? latest : at;
}

function terminatedReason(t: Obj, prefix: string): string {
  if (str(t["reason"]) !== "") return `${prefix}${str(t["reason"])}`;
  return num(t["signal"]) !== 0 ? `${prefix}Signal:${num(t["signal"])}` : `${prefix}ExitCode:${num(t["exitCode"])}`;
}

/** printPod: READY ready/total, STATUS from phase, reason, init and container states, RESTARTS with when. */
export function printPod(o: KubeObject, age: (t: unknown) => string): PrintedRow {
  const spec = rec(o["spec"]);
  const status = rec(o["status"]);
  const total = list(spec["containers"]).length;
  let restarts = 0;
  let ready = 0;
  let lastRestart: number | undefined;
  let reason = str(status["reason"]) || str(status["phase"]);
  let initializing = false;
  const inits = list(status["initContainerStatuses"]);
  for (const [i, c] of inits.entries()) {
    restarts += num(c["restartCount"]);
    lastRestart = lastFinished(c, lastRestart);
    const state = rec(c["state"]);
    const terminated = state["terminated"] === undefined ? undefined : rec(state["terminated"]);
    const waiting = str(rec(state["waiting"])["reason"]);
    if (terminated && num(terminated["exitCode"]) === 0) continue;
    if (terminated) reason = terminatedReason(terminated, "Init:");
    else if (waiting !== "" && waiting !== "PodInitializing") reason = `Init:${waiting}`;
    else reason = `Init:${i}/${list(spec["initContainers"]).length}`;
    initializing = true;
    break;
  }
  if (!initializing) {
    restarts = 0;
    let hasRunning = false;
    for (const c of list(status["containerStatuses"]).reverse()) {
      restarts += num(c["restartCount"]);
      lastRestart = lastFinished(c, lastRestart);
      const state = rec(c["state"]);
      const waiting = str(rec(state["waiting"])["reason"]);
      const terminated = state["terminated"] === undefined ? undefined : rec(state["terminated"]);
      if (waiting !== "") reason = waiting;
      else if (terminated) reason = terminatedReason(terminated, "");
      else if (c["ready"] === true && state["running"] !== undefined) {
        hasRunning = true;
        ready++;
      }
    }
    // A pod whose containers completed but one still runs reads Running (or NotReady), not Completed.
    if (reason === "Completed" && hasRunning) {
      const podReady = list(status["conditions"]).some((c) => c["type"] === "Ready" && c["status"] === "True");
      reason = podReady ? "Running" : "NotReady";
    }
  }
  if (o.metadata["deletionTimestamp"] && str(status["reason"]) === "NodeLost") reason = "Unknown";
  else if (o.metadata["deletionTimestamp"]) reason = "Terminating";
  const restartsCell = lastRestart === undefined ? String(restarts) : `${restarts} (${age(new Date(lastRestart).toISOString())} ago)`;
  const gates = list(spec["readinessGates"]);
  const conditions = list(status["conditions"]);
  const trueGates = gates.filter((g) => conditions.find((c) => c["type"] === g["conditionType"])?.["status"] === "True").length;
  const row: PrintedRow = {
    cells: [
      o.metadata["name"],
      `${ready}/${total}`,
      reason,
      restartsCell,
      age(created(o)),
      orNone(str(list(status["podIPs"])[0]?.["ip"])),
      orNone(str(spec["nodeName"])),
      orNone(str(status["nominatedNodeName"])),
      gates.length > 0 ? `${trueGates}/${gates.length}` : "<none>",
    ],
  };
  if (status["phase"] === "Succeeded") row.conditions = [POD_SUCCEEDED];
  else if (status["phase"] === "Failed") row.conditions = [POD_FAILED];
  return row;
}

/** printDeployment: READY ready/desired, UP-TO-DATE, AVAILABLE; wide containers, images, selector. */
export function printDeployment(o: KubeObject, age: (t: unknown) => string): PrintedRow {
  const spec = rec(o["spec"]);
  const status = rec(o["status"]);
  const [containers, images] = containerCells(rec(spec["template"])["spec"]);
  return {
    cells: [
      o.metadata["name"],
      `${num(status["readyReplicas"])}/${num(spec["replicas"])}`,
      num(status["updatedReplicas"]),
      num(status["availableReplicas"]),
      age(created(o)),
      containers,
      images,
      formatSelector(spec["selector"]),
    ],
  };
}

/** printStatefulSet: READY ready/desired; wide containers and images. */
export function printStatefulSet(o: KubeObject, age: (t: unknown) => string): PrintedRow {
  const spec = rec(o["spec"]);
  const status = rec(o["status"]);
  const [containers, images] = containerCells(rec(spec["template"])["spec"]);
  return { cells: [o.metadata["name"], `${num(status["readyReplicas"])}/${num(spec["replicas"])}`, age(created(o)), containers, images] };
}

/** printReplicaSet: DESIRED, CURRENT, READY; wide containers, images, selector. */
export function printReplicaSet(o: KubeObject, age: (t: unknown) => string): PrintedRow {
  return replicaCountsRow(o, age, formatSelector(rec(o["spec"])["selector"]));
}

/** printDaemonSet: DESIRED, CURRENT, READY, UP-TO-DATE, AVAILABLE, NODE SELECTOR; wide containers, images, selector. */
export function printDaemonSet(o: KubeObject, age: (t: unknown) => string): PrintedRow {
  const spec = rec(o["spec"]);
  const status = rec(o["status"]);
  const podSpec = rec(rec(spec["template"])["spec"]);
  const [containers, images] = containerCells(podSpec);
  return {
    cells: [
      o.metadata["name"],
      num(status["desiredNumberScheduled"]),
      num(status["currentNumberScheduled"]),
      num(status["numberReady"]),
      num(status["updatedNumberScheduled"]),
      num(status["numberAvailable"]),
      formatLabels(podSpec["nodeSelector"]),
      age(created(o)),
      containers,
      images,
      formatSelector(spec["selector"]),
    ],
  };
}

/** printControllerRevision: its controller as "kind.group/name" (lowercased kind), its revision. */
export function printControllerRevision(o: KubeObject, age: (t: unknown) => string): PrintedRow {
  const owner = list(o.metadata["ownerReferences"]).find((r) => r["controller"] === true);
  let controller = "<none>";
  if (owner) {
    const apiVersion = str(owner["apiVersion"]);
    const group = apiVersion.includes("/") ? apiVersion.slice(0, apiVersion.indexOf("/")) : "";
    const kind = str(owner["kind"]).toLowerCase();
    controller = `${group === "" ? kind : `${kind}.${group}`}/${str(owner["name"])}`;
  }
  return { cells: [o.metadata["name"], controller, num(o["revision"]), age(created(o))] };
}

/** printReplicationController: DESIRED, CURRENT, READY; wide containers, images, selector (a label map). */
export function printReplicationController(o: KubeObject, age: (t: unknown) => string): PrintedRow {
  return replicaCountsRow(o, age, formatLabels(rec(o["spec"])["selector"]));
}

/** The row ReplicaSets and ReplicationControllers share, but for how their selector prints. */
function replicaCountsRow(o: KubeObject, age: (t: unknown) => string, selector: string): PrintedRow {
  const spec = rec(o["spec"]);
  const status = rec(o["status"]);
  const [containers, images] = containerCells(rec(spec["template"])["spec"]);
  return {
    cells: [
      o.metadata["name"],
      num(spec["replicas"]),
      num(status["replicas"]),
      num(status["readyReplicas"]),
      age(created(o)),
      containers,
      images,
      selector,
    ],
  };
}

/** printPodTemplate: containers, images and the template's labels. */
export function printPodTemplate(o: KubeObject): PrintedRow {
  const template = rec(o["template"]);
  const [containers, images] = containerCells(template["spec"]);
  return { cells: [o.metadata["name"], containers, images, formatLabels(rec(template["metadata"])["labels"])] };
}

/** getServiceExternalIP: by type; a LoadBalancer's ingress addresses before spec.externalIPs. */
function serviceExternalIP(spec: Obj, status: Obj): string {
  const externalIPs = Array.isArray(spec["externalIPs"]) ? (spec["externalIPs"] as unknown[]).map(str) : [];
  switch (str(spec["type"])) {
    case "ClusterIP":
    case "NodePort":
      return orNone(externalIPs.join(","));
    case "LoadBalancer": {
      const ingress = list(rec(status["loadBalancer"])["ingress"])
        .map((i) => str(i["ip"]) || str(i["hostname"]))
        .filter((s) => s !== "");
      const all = [...ingress, ...externalIPs];
      return all.length > 0 ? all.join(",") : "<pending>";
    }
    case "ExternalName":
      return str(spec["externalName"]);
    default:
      return "<unknown>";
  }
}

/** printService: TYPE, CLUSTER-IP, EXTERNAL-IP, PORT(S) ("80/TCP", "80:30080/TCP"); wide selector. */
export function printService(o: KubeObject, age: (t: unknown) => string): PrintedRow {
  const spec = rec(o["spec"]);
  const clusterIPs = Array.isArray(spec["clusterIPs"]) ? (spec["clusterIPs"] as unknown[]).map(str) : [];
  const clusterIP = clusterIPs[0] ?? str(spec["clusterIP"]);
  const ports = list(spec["ports"]).map((p) => {
    const protocol = str(p["protocol"]) || "TCP";
    return num(p["nodePort"]) > 0 ? `${num(p["port"])}:${num(p["nodePort"])}/${protocol}` : `${num(p["port"])}/${protocol}`;
  });
  return {
    cells: [
      o.metadata["name"],
      str(spec["type"]),
      orNone(clusterIP),
      serviceExternalIP(spec, rec(o["status"])),
      orNone(ports.join(",")),
      age(created(o)),
      formatLabels(spec["selector"]),
    ],
  };
}

/** formatEndpoints: up to three ip:port (or ip) entries, then " + N more...". */
export function printEndpoints(o: KubeObject, age: (t: unknown) => string): PrintedRow {
  const shown: string[] = [];
  let total = 0;
  const add = (text: string): void => {
    if (shown.length < 3) shown.push(text);
    total++;
  };
  for (const ss of list(o["subsets"])) {
    const addresses = list(ss["addresses"]).map((a) => str(a["ip"]));
    const ports = list(ss["ports"]);
    if (ports.length === 0) for (const ip of addresses) add(ip);
    for (const p of ports) for (const ip of addresses) add(ip.includes(":") ? `[${ip}]:${num(p["port"])}` : `${ip}:${num(p["port"])}`);
  }
  const text = list(o["subsets"]).length === 0 ? "<none>" : total > 3 ? `${shown.join(",")} + ${total - 3} more...` : shown.join(",");
  return { cells: [o.metadata["name"], text, age(created(o))] };
}

/** printEvent (core/v1 shape): times fall back to eventTime, a series' last time and count win. */
export function printEvent(o: KubeObject, age: (t: unknown) => string): PrintedRow {
  const first = o["firstTimestamp"] ? age(o["firstTimestamp"]) : age(o["eventTime"]);
  let last = o["lastTimestamp"] ? age(o["lastTimestamp"]) : first;
  let n = num(o["count"]);
  const series = o["series"] === undefined || o["series"] === null ? undefined : rec(o["series"]);
  if (series) {
    last = age(series["lastObservedTime"]);
    n = num(series["count"]);
  } else if (n === 0) n = 1;
  const involved = rec(o["involvedObject"]);
  const kind = str(involved["kind"]).toLowerCase();
  const target = str(involved["name"]) !== "" ? `${kind}/${str(involved["name"])}` : kind;
  const source = rec(o["source"]);
  const component = str(source["component"]) || str(o["reportingComponent"]);
  const instance = str(source["host"]) || str(o["reportingInstance"]);
  return {
    cells: [
      last,
      str(o["type"]),
      str(o["reason"]),
      target,
      str(involved["fieldPath"]),
      instance === "" ? component : `${component}, ${instance}`,
      str(o["message"]).trim(),
      first,
      n,
      o.metadata["name"],
    ],
  };
}

/** An events.k8s.io/v1 Event in the core/v1 shape, as the real server converts it before printing. */
function asCoreEvent(o: KubeObject): KubeObject {
  const series = o["series"] === undefined || o["series"] === null ? undefined : rec(o["series"]);
  return {
    ...o,
    involvedObject: o["regarding"],
    message: o["note"],
    source: o["deprecatedSource"],
    firstTimestamp: o["deprecatedFirstTimestamp"],
    lastTimestamp: o["deprecatedLastTimestamp"],
    count: o["deprecatedCount"],
    reportingComponent: o["reportingController"],
    series: series && { count: series["count"], lastObservedTime: series["lastObservedTime"] },
  };
}

/** printComponentStatus: the Healthy condition's status, message and error. */
export function printComponentStatus(o: KubeObject): PrintedRow {
  const healthy = list(o["conditions"]).find((c) => c["type"] === "Healthy");
  const status = !healthy ? "Unknown" : healthy["status"] === "True" ? "Healthy" : "Unhealthy";
  return { cells: [o.metadata["name"], status, str(healthy?.["message"]), str(healthy?.["error"])] };
}

/** findNodeRoles: node-role.kubernetes.io/<role> labels and the kubernetes.io/role label, sorted. */
function nodeRoles(labels: unknown): string {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(rec(labels))) {
    if (k.startsWith("node-role.kubernetes.io/") && k.length > "node-role.kubernetes.io/".length)
      roles.add(k.slice("node-role.kubernetes.io/".length));
    else if (k === "kubernetes.io/role" && str(v) !== "") roles.add(str(v));
  }
  return orNone([...roles].sort().join(","));
}

/** printNode: Ready/NotReady/Unknown (and SchedulingDisabled), roles, version; wide addresses and node info. */
export function printNode(o: KubeObject, age: (t: unknown) => string): PrintedRow {
  const status = rec(o["status"]);
  const ready = list(status["conditions"]).find((c) => c["type"] === "Ready");
  const states = [ready ? (ready["status"] === "True" ? "Ready" : "NotReady") : "Unknown"];
  if (rec(o["spec"])["unschedulable"] === true) states.push("SchedulingDisabled");
  const info = rec(status["nodeInfo"]);
  const address = (type: string): string => orNone(str(list(status["addresses"]).find((a) => a["type"] === type)?.["address"]));
  const known = (v: unknown): string => str(v) || "<unknown>";
  return {
    cells: [
      o.metadata["name"],
      states.join(","),
      nodeRoles(o.metadata["labels"]),
      age(created(o)),
      str(info["kubeletVersion"]),
      address("InternalIP"),
      address("ExternalIP"),
      known(info["osImage"]),
      known(info["kernelVersion"]),
      known(info["containerRuntimeVersion"]),
    ],
  };
}

/** helper.GetAccessModesAsString: the modes present, in this order, abbreviated. */
function accessModes(modes: unknown): string {
  const have = new Set(Array.isArray(modes) ? (modes as unknown[]).map(str) : []);
  const order: [string, string][] = [
    ["ReadWriteOnce", "RWO"],
    ["ReadOnlyMany", "ROX"],
    ["ReadWriteMany", "RWX"],
    ["ReadWriteOncePod", "RWOP"],
  ];
  return order
    .filter(([m]) => have.has(m))
    .map(([, a]) => a)
    .join(",");
}

/** A volume's or claim's class: spec.storageClassName, else the beta annotation. */
function storageClass(o: KubeObject): string {
  const annotations = rec(o.metadata["annotations"]);
  return str(annotations["volume.beta.kubernetes.io/storage-class"]) || str(rec(o["spec"])["storageClassName"]);
}

/** A quantity as stored (the test server keeps quantities as written); Go prints a missing one as "0". */
const quantity = (v: unknown): string => (typeof v === "string" && v !== "" ? v : typeof v === "number" ? String(v) : "0");

/** printPersistentVolume: capacity, access modes, reclaim policy, phase (Terminating when deleted), claim, class, reason. */
export function printPersistentVolume(o: KubeObject, age: (t: unknown) => string): PrintedRow {
  const spec = rec(o["spec"]);
  const status = rec(o["status"]);
  const claim = spec["claimRef"] ? `${str(rec(spec["claimRef"])["namespace"])}/${str(rec(spec["claimRef"])["name"])}` : "";
  return {
    cells: [
      o.metadata["name"],
      quantity(rec(spec["capacity"])["storage"]),
      accessModes(spec["accessModes"]),
      str(spec["persistentVolumeReclaimPolicy"]),
      o.metadata["deletionTimestamp"] ? "Terminating" : str(status["phase"]),
      claim,
      storageClass(o),
      str(status["reason"]),
      age(created(o)),
      str(spec["volumeMode"]) || "<unset>",
    ],
  };
}

/** printPersistentVolumeClaim: phase, volume; capacity and access modes only once bound to a volume. */
export function printPersistentVolumeClaim(o: KubeObject, age: (t: unknown) => string): PrintedRow {
  const spec = rec(o["spec"]);
  const status = rec(o["status"]);
  const bound = str(spec["volumeName"]) !== "";
  return {
    cells: [
      o.metadata["name"],
      o.metadata["deletionTimestamp"] ? "Terminating" : str(status["phase"]),
      str(spec["volumeName"]),
      bound ? quantity(rec(status["capacity"])["storage"]) : "",
      bound ? accessModes(status["accessModes"]) : "",
      storageClass(o),
      age(created(o)),
      str(spec["volumeMode"]) || "<unset>",
    ],
  };
}

/** printResourceQuota: "resource: used/hard" pairs of status.hard, sorted, limits.* in the Limit cell. */
export function printResourceQuota(o: KubeObject, age: (t: unknown) => string): PrintedRow {
  const status = rec(o["status"]);
  const used = rec(status["used"]);
  const request: string[] = [];
  const limit: string[] = [];
  for (const [name, hard] of Object.entries(rec(status["hard"])).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    (name.split(".")[0] === "limits" && name.includes(".") ? limit : request).push(`${name}: ${quantity(used[name])}/${quantity(hard)}`);
  }
  return { cells: [o.metadata["name"], age(created(o)), request.join(", "), limit.join(", ")] };
}

/** The cells after NAME of the kinds whose row is name, a few counts or strings, and age. */
const simple =
  (rest: (o: KubeObject) => unknown[]): Printer =>
  (o, age) => ({ cells: [o.metadata["name"], ...rest(o), age(created(o))] });

/** printNamespace: the phase. */
export const printNamespace = simple((o) => [str(rec(o["status"])["phase"])]);
/** printConfigMap: how many keys, data and binaryData together. */
export const printConfigMap = simple((o) => [count(o["data"]) + count(o["binaryData"])]);
/** printSecret: the type and how many keys. */
export const printSecret = simple((o) => [str(o["type"]), count(o["data"])]);
/** printServiceAccount: how many secrets. */
export const printServiceAccount = simple((o) => [count(o["secrets"])]);
/** printLease: the holder. */
export const printLease = simple((o) => [str(rec(o["spec"])["holderIdentity"])]);

/** An events.k8s.io/v1 Event, printed as the core/v1 Event it converts to. */
export const printEventsV1Event: Printer = (o, age) => printEvent(asCoreEvent(o), age);
