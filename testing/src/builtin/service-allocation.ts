// Service cluster IPs and node ports, as kube-apiserver's Service storage gives them
// (pkg/registry/core/service/storage: alloc.go, and the strategy's dropTypeDependentFields): before
// the Service is validated, a create is given a cluster IP from the service range and node ports
// from theirs, and an update keeps what was allocated (a client that leaves clusterIP or a nodePort
// out keeps the old one; a change to ExternalName releases them). The range is kube-apiserver's
// default, 10.0.0.0/24, whose first address the `kubernetes` Service holds; node ports are
// 30000-32767. What is allocated is read from the stored Services, so a deleted Service's addresses
// are free again. The real allocator picks at random; this one takes the lowest free value, which
// no client may rely on either. Words recorded from 1.37.2 (test/fixtures/apiserver-1.37/builtin-validation.json).
import { isIPv4, isIPv6 } from "node:net";
import type { ServerState } from "../server-state.js";
import type { StatusCause } from "../status-errors.js";
import { asList, asObj, invalid } from "./field-causes.js";

type Obj = Record<string, unknown>;

/** 10.0.0.0/24: the network and broadcast addresses are never allocated, 10.0.0.1 is the kubernetes Service's. */
const RANGE = { prefix: "10.0.0.", first: 1, last: 254, cidr: "10.0.0.0/24" };
const RESERVED_IPS = new Set(["10.0.0.1"]);
const NODE_PORTS = { first: 30000, last: 32767 };

/** The causes of a refused allocation; the caller answers them as the 422 of an invalid Service. */
export class AllocationError extends Error {
  constructor(readonly causes: StatusCause[]) {
    super(causes.map((c) => `${c.field}: ${c.message}`).join(", "));
  }
}

const typeOf = (spec: Obj): string => (typeof spec["type"] === "string" && spec["type"] !== "" ? spec["type"] : "ClusterIP");
const needsClusterIP = (spec: Obj): boolean => typeOf(spec) !== "ExternalName";
const needsNodePorts = (spec: Obj): boolean =>
  typeOf(spec) === "NodePort" || (typeOf(spec) === "LoadBalancer" && spec["allocateLoadBalancerNodePorts"] !== false);
const externallyAccessible = (spec: Obj): boolean =>
  typeOf(spec) === "NodePort" ||
  typeOf(spec) === "LoadBalancer" ||
  (typeOf(spec) === "ClusterIP" && asList(spec["externalIPs"]).length > 0);
const ips = (spec: Obj): string[] => asList(spec["clusterIPs"]).map((v) => (typeof v === "string" ? v : ""));
const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** normalizeClusterIPs: a client that sets only clusterIP (an old one) gets clusterIPs from it. */
function fillClusterIPs(spec: Obj): void {
  if (typeof spec["clusterIP"] === "string" && spec["clusterIP"] !== "" && ips(spec).length === 0) spec["clusterIPs"] = [spec["clusterIP"]];
}

/** What the stored Services hold, but the one being written. */
function inUse(state: ServerState, self: { namespace: string; name: string } | undefined): { ips: Set<string>; ports: Set<number> } {
  const used = { ips: new Set(RESERVED_IPS), ports: new Set<number>() };
  for (const svc of state.store.list("/services")) {
    const meta = asObj(svc["metadata"]);
    if (self && meta["namespace"] === self.namespace && meta["name"] === self.name) continue;
    const spec = asObj(svc["spec"]);
    for (const ip of ips(spec)) if (isIPv4(ip)) used.ips.add(ip);
    for (const p of asList(spec["ports"])) {
      const n = asObj(p)["nodePort"];
      if (typeof n === "number" && n > 0) used.ports.add(n);
    }
  }
  return used;
}

function inRange(ip: string): boolean {
  if (!ip.startsWith(RANGE.prefix)) return false;
  const last = Number(ip.slice(RANGE.prefix.length));
  return last >= RANGE.first && last <= RANGE.last;
}

function nextFreeIP(used: Set<string>): string | undefined {
  for (let i = RANGE.first; i <= RANGE.last; i++) if (!used.has(`${RANGE.prefix}${i}`)) return `${RANGE.prefix}${i}`;
  return undefined;
}

/** SetDefaults_Service's IP-family part as the allocator fills it: a headless Service without a selector is dual-stack. */
function initFamilies(spec: Obj): void {
  if (spec["ipFamilies"] !== undefined && spec["ipFamilyPolicy"] !== undefined) return;
  const headlessWithoutSelector = spec["clusterIP"] === "None" && Object.keys(asObj(spec["selector"])).length === 0;
  spec["ipFamilyPolicy"] ??= headlessWithoutSelector ? "RequireDualStack" : "SingleStack";
  spec["ipFamilies"] ??= headlessWithoutSelector ? ["IPv4", "IPv6"] : ["IPv4"];
}

/** The cluster IP of a Service that needs one: the one asked for, checked, or the lowest free one. */
function allocateClusterIP(spec: Obj, name: string, used: Set<string>, dryRun: boolean): void {
  const requested = ips(spec)[0] ?? "";
  // Not an address: validation words it ("must be a valid IP address").
  if (requested !== "" && requested !== "None" && !isIPv4(requested) && !isIPv6(requested)) return;
  if (isIPv6(requested)) throw new AllocationError([invalid("spec.clusterIPs[0]", ips(spec), "IPv6 is not configured on this cluster")]);
  initFamilies(spec);
  if (requested === "None") return;
  const fail = (detail: string): never => {
    throw new AllocationError([invalid("spec.clusterIPs", requested === "" ? [""] : ips(spec), detail)]);
  };
  if (requested !== "") {
    if (!inRange(requested)) fail(`failed to allocate IP ${requested}: the provided network does not match the current range`);
    if (used.has(requested)) fail(`failed to allocate IP ${requested}: provided IP is already allocated`);
  }
  // A dry run reserves nothing: 1.37's dry-run allocator answers with the range's base address.
  const ip = requested !== "" ? requested : dryRun ? "10.0.0.0" : nextFreeIP(used);
  if (ip === undefined) return fail("failed to allocate IP: range is full");
  // The IPAddress object that records an allocation names its Service, so a nameless one fails here.
  if (name === "")
    fail(
      `failed to allocate IP${requested === "" ? "" : ` ${requested}`}: IPAddress.networking.k8s.io ${JSON.stringify(ip)} is invalid: spec.parentRef.name: Required value`,
    );
  spec["clusterIP"] = ip;
  spec["clusterIPs"] = [ip];
  used.add(ip);
}

/** Node ports for each port that needs one: the one asked for, checked, or the lowest free one. */
function allocateNodePorts(spec: Obj, used: Set<number>): void {
  const causes: StatusCause[] = [];
  asList(spec["ports"]).forEach((p, i) => {
    const port = asObj(p);
    const asked = port["nodePort"];
    if (typeof asked === "number" && asked !== 0) {
      if (asked < NODE_PORTS.first || asked > NODE_PORTS.last)
        causes.push(
          invalid(
            `spec.ports[${i}].nodePort`,
            asked,
            `provided port is not in the valid range. The range of valid ports is ${NODE_PORTS.first}-${NODE_PORTS.last}`,
          ),
        );
      else if (used.has(asked)) causes.push(invalid(`spec.ports[${i}].nodePort`, asked, "provided port is already allocated"));
      else used.add(asked);
      return;
    }
    for (let n = NODE_PORTS.first; n <= NODE_PORTS.last; n++)
      if (!used.has(n)) {
        port["nodePort"] = n;
        used.add(n);
        return;
      }
  });
  if (causes.length > 0) throw new AllocationError(causes);
}

/** A new Service's allocations (BeginCreate, before validation): cluster IP, families and node ports. */
export function allocateForCreate(state: ServerState, svc: Obj, dryRun: boolean): void {
  const spec = asObj(svc["spec"]);
  svc["spec"] = spec;
  // normalizeClusterIPs: a client that sets only clusterIP gets clusterIPs from it, whatever the type
  // (validation then refuses one on an ExternalName Service).
  fillClusterIPs(spec);
  if (!needsClusterIP(spec)) return;
  const name = String(asObj(svc["metadata"])["name"] ?? "");
  const used = inUse(state, undefined);
  allocateClusterIP(spec, name, used.ips, dryRun);
  if (needsNodePorts(spec)) allocateNodePorts(spec, used.ports);
}

/**
 * An updated Service's allocations (BeginUpdate): fields the new type no longer uses and the client
 * left as they were are dropped; what the client left out is kept from the stored Service; a Service
 * that newly needs a cluster IP or node ports gets them. A changed cluster IP is left to validation.
 */
export function allocateForUpdate(state: ServerState, svc: Obj, old: Obj, dryRun: boolean): void {
  const spec = asObj(svc["spec"]);
  svc["spec"] = spec;
  const before = asObj(old["spec"]);
  dropTypeDependentFields(spec, before);
  if (!needsClusterIP(spec)) return;
  const meta = asObj(svc["metadata"]);
  const used = inUse(state, { namespace: String(meta["namespace"] ?? ""), name: String(meta["name"] ?? "") });
  if (needsClusterIP(before)) {
    // patchAllocatedValues, then normalizeClusterIPs: clusterIP and clusterIPs kept and in step.
    if ((spec["clusterIP"] ?? "") === "" && typeof before["clusterIP"] === "string") spec["clusterIP"] = before["clusterIP"];
    const sameIPs = sameJson(spec["clusterIPs"], before["clusterIPs"]);
    if (ips(spec).length === 0 && ips(before).length > 0 && spec["clusterIP"] === before["clusterIP"])
      spec["clusterIPs"] = before["clusterIPs"];
    else if (spec["clusterIP"] !== before["clusterIP"] && sameIPs) {
      if ((spec["clusterIP"] ?? "") === "") delete spec["clusterIPs"];
      else spec["clusterIPs"] = [spec["clusterIP"]];
    }
    spec["ipFamilies"] ??= before["ipFamilies"];
    spec["ipFamilyPolicy"] ??= before["ipFamilyPolicy"];
  } else {
    fillClusterIPs(spec);
    allocateClusterIP(spec, String(meta["name"] ?? ""), used.ips, dryRun);
  }
  if (!needsNodePorts(spec)) return;
  if (needsNodePorts(before)) {
    // A port left without a nodePort keeps the one the stored port of that name had, unless another port took it.
    const taken = new Set(asList(spec["ports"]).map((p) => asObj(p)["nodePort"]));
    const byName = new Map(asList(before["ports"]).map((p) => [String(asObj(p)["name"] ?? ""), asObj(p)["nodePort"]]));
    for (const p of asList(spec["ports"]).map(asObj)) {
      const kept = byName.get(String(p["name"] ?? ""));
      if ((p["nodePort"] ?? 0) === 0 && typeof kept === "number" && !taken.has(kept)) p["nodePort"] = kept;
    }
    // Node ports the stored Service held stay its own.
    for (const p of asList(before["ports"])) used.ports.delete(asObj(p)["nodePort"] as number);
  }
  allocateNodePorts(spec, used.ports);
}

/** The strategy's dropTypeDependentFields: what the new type does not use, if the client did not change it. */
function dropTypeDependentFields(spec: Obj, before: Obj): void {
  if (needsClusterIP(before) && !needsClusterIP(spec)) {
    if (sameJson(spec["clusterIPs"], before["clusterIPs"]) && spec["clusterIP"] === before["clusterIP"]) {
      delete spec["clusterIP"];
      delete spec["clusterIPs"];
    }
    if (sameJson(spec["ipFamilies"], before["ipFamilies"])) delete spec["ipFamilies"];
    if (spec["ipFamilyPolicy"] === before["ipFamilyPolicy"]) delete spec["ipFamilyPolicy"];
    if (spec["internalTrafficPolicy"] === before["internalTrafficPolicy"]) delete spec["internalTrafficPolicy"];
  }
  if (needsNodePorts(before) && !needsNodePorts(spec)) {
    const same = sameJson(
      asList(spec["ports"]).map((p) => asObj(p)["nodePort"]),
      asList(before["ports"]).map((p) => asObj(p)["nodePort"]),
    );
    if (same) for (const p of asList(spec["ports"])) delete asObj(p)["nodePort"];
  }
  if (typeOf(before) === "LoadBalancer" && typeOf(spec) !== "LoadBalancer") {
    if (spec["allocateLoadBalancerNodePorts"] === before["allocateLoadBalancerNodePorts"]) delete spec["allocateLoadBalancerNodePorts"];
  }
  if (externallyAccessible(before) && !externallyAccessible(spec) && spec["externalTrafficPolicy"] === before["externalTrafficPolicy"])
    delete spec["externalTrafficPolicy"];
}

/** validateUpgradeDowngradeClusterIPs for single-stack Services: the primary cluster IP may not change. */
export function clusterIPUpdateCauses(spec: Obj, before: Obj): StatusCause[] {
  if (!needsClusterIP(spec) || !needsClusterIP(before)) return [];
  if (spec["clusterIP"] === "None" && before["clusterIP"] === "None") return [];
  const now = ips(spec);
  const was = ips(before);
  if (was.length > 0 && now.length === 0) return [invalid("spec.clusterIPs[0]", now, "primary clusterIP can not be unset")];
  const out: StatusCause[] = [];
  if (now.length === was.length)
    was.forEach((ip, i) => ip !== now[i] && out.push(invalid(`spec.clusterIPs[${i}]`, now, "may not change once set")));
  else if (was.length > 0 && now[0] !== was[0]) out.push(invalid("spec.clusterIPs[0]", now, "may not change once set"));
  return out;
}
