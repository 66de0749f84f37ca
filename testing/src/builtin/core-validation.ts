// The core/v1 spec checks controllers trip most often (ValidatePodSpec's containers and restart
// policy, ValidateService's ports and type, a Namespace's spec.finalizers; Events are event-validation.ts's),
// worded as kube-apiserver words them: recorded from 1.37.2
// (test/fixtures/apiserver-1.37/builtin-validation.json), and the same words in 1.24, since none of
// these messages prints a compound value. Pod updates, volumes, probes, resources and the rest of
// the pod spec are not checked.
import { isIP } from "node:net";
import { dns1123LabelProblems, qualifiedNameProblems } from "@kube-codegen/apiextensions/on-demand";
import type { Emulate } from "../server-state.js";
import type { StatusCause } from "../status-errors.js";
import { asList, asObj, duplicate, forbidden, invalid, notSupported, required } from "./field-causes.js";
import { clusterIPUpdateCauses } from "./service-allocation.js";

type Obj = Record<string, unknown>;

/** A container's name: required, a DNS-1123 label, unique in the pod. */
function containerNameErrors(name: unknown, at: string, seen: Set<string>): StatusCause[] {
  if (typeof name !== "string" || name === "") return [required(at)];
  const problems = dns1123LabelProblems(name);
  if (problems.length > 0) return problems.map((p) => invalid(at, name, p));
  if (seen.has(name)) return [duplicate(at, name)];
  seen.add(name);
  return [];
}

/** validateContainers for `spec.containers` under `path` (a pod's "spec", a template's "spec.template.spec"). */
export function containerErrors(podSpec: Obj, path: string): StatusCause[] {
  const containers = asList(podSpec["containers"]);
  if (containers.length === 0) return [required(`${path}.containers`)];
  const out: StatusCause[] = [];
  const seen = new Set<string>();
  containers.forEach((c, i) => {
    const co = asObj(c);
    const at = `${path}.containers[${i}]`;
    out.push(...containerNameErrors(co["name"], `${at}.name`, seen));
    if (!co["image"]) out.push(required(`${at}.image`));
  });
  return out;
}

const RESTART_POLICIES = ["Always", "OnFailure", "Never"];

/** core/v1 Pod: its containers and restart policy (the defaulted "Always" when absent). */
export function validatePod(p: Obj): StatusCause[] {
  const spec = asObj(p["spec"]);
  const out = containerErrors(spec, "spec");
  const policy = spec["restartPolicy"] ?? "Always";
  if (typeof policy !== "string" || !RESTART_POLICIES.includes(policy))
    out.push(notSupported("spec.restartPolicy", policy, RESTART_POLICIES));
  return out;
}

const SERVICE_TYPES = ["ClusterIP", "ExternalName", "LoadBalancer", "NodePort"];
const PROTOCOLS = ["SCTP", "TCP", "UDP"];
const PORT_RANGE = "must be between 1 and 65535, inclusive";

const validPort = (n: unknown): boolean => typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 65535;

/** One service port: a name when there are several, the port, the protocol, a numeric targetPort (defaulted to the port). */
function servicePortErrors(port: Obj, at: string, named: boolean): StatusCause[] {
  const out: StatusCause[] = [];
  if (named && !port["name"]) out.push(required(`${at}.name`));
  if (!validPort(port["port"])) out.push(invalid(`${at}.port`, port["port"], PORT_RANGE));
  const protocol = port["protocol"] ?? "TCP";
  if (typeof protocol !== "string" || !PROTOCOLS.includes(protocol)) out.push(notSupported(`${at}.protocol`, protocol, PROTOCOLS));
  const target = port["targetPort"] ?? port["port"];
  if (typeof target === "number" && !validPort(target)) out.push(invalid(`${at}.targetPort`, target, PORT_RANGE));
  return out;
}

/** core/v1 Service: ports required unless headless or ExternalName, each port valid, a known type. */
export function validateService(s: Obj, old?: Obj): StatusCause[] {
  const spec = asObj(s["spec"]);
  const type = spec["type"] ?? "ClusterIP";
  const ports = asList(spec["ports"]);
  const out: StatusCause[] = [];
  if (ports.length === 0 && spec["clusterIP"] !== "None" && type !== "ExternalName") out.push(required("spec.ports"));
  if (typeof type !== "string" || !SERVICE_TYPES.includes(type)) out.push(notSupported("spec.type", type, SERVICE_TYPES));
  const clusterIPs = asList(spec["clusterIPs"]);
  if (type === "ExternalName" && clusterIPs.length > 0) out.push(forbidden("spec.clusterIPs", "may not be set for ExternalName services"));
  clusterIPs.forEach((ip, i) => {
    if (ip !== "None" && (typeof ip !== "string" || isIP(ip) === 0))
      out.push(invalid(`spec.clusterIPs[${i}]`, ip, "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"));
  });
  ports.forEach((p, i) => out.push(...servicePortErrors(asObj(p), `spec.ports[${i}]`, ports.length > 1)));
  if (old) out.push(...clusterIPUpdateCauses(spec, asObj(old["spec"])));
  return out;
}

const STANDARD_FINALIZERS = new Set(["kubernetes", "orphan", "foregroundDeletion"]);

/** core/v1 Namespace: each spec.finalizers entry a qualified name, and a standard one when unqualified
 *  (both reported on "spec.finalizers", without an index, as validateFinalizerName does). */
export function validateNamespace(n: Obj, _old?: Obj, emulate: Emulate = "1.24"): StatusCause[] {
  const out: StatusCause[] = [];
  for (const f of asList(asObj(n["spec"])["finalizers"])) {
    const name = String(f);
    for (const p of qualifiedNameProblems(name, emulate)) out.push(invalid("spec.finalizers", name, p));
    if (!name.includes("/") && !STANDARD_FINALIZERS.has(name))
      out.push(invalid("spec.finalizers", name, "name is neither a standard finalizer name nor is it fully qualified"));
  }
  return out;
}
