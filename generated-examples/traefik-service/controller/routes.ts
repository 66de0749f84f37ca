// The keys a TraefikService becomes in Traefik's KV provider. The seed writes
// `<etcd_prefix>/<entry_point>/services/loadBalancer/servers/<index>/url`; Traefik's own KV layout
// (https://doc.traefik.io/traefik/reference/install-configuration/providers/kv/etcd/) names the
// router and the service, so a route is three keys under the root key `traefik`:
//
//   traefik/http/routers/<ns>-<name>/entryPoints/0                      <spec.entrypoint>
//   traefik/http/routers/<ns>-<name>/service                            <ns>-<name>
//   traefik/http/services/<ns>-<name>/loadBalancer/servers/0/url        <spec.url>
import type { TraefikService } from "../apis/traefik/v1/traefikservice_types.js";

/** Traefik's default root key. */
export const DEFAULT_ROOT_KEY = "traefik";

/** The router and service name of a TraefikService: unique across namespaces. */
export function routeName(namespace: string, name: string): string {
  return `${namespace}-${name}`;
}

/** The key prefixes one route owns: deleting them removes the route. */
export function routePrefixes(namespace: string, name: string, rootKey = DEFAULT_ROOT_KEY): string[] {
  const id = routeName(namespace, name);
  return [`${rootKey}/http/routers/${id}/`, `${rootKey}/http/services/${id}/`];
}

/** The keys and values a TraefikService should have in the store. */
export function routeKeys(ts: TraefikService, rootKey = DEFAULT_ROOT_KEY): Map<string, string> {
  const id = routeName(ts.metadata?.namespace ?? "", ts.metadata?.name ?? "");
  const [routers, services] = routePrefixes(ts.metadata?.namespace ?? "", ts.metadata?.name ?? "", rootKey) as [string, string];
  return new Map([
    [`${routers}entryPoints/0`, ts.spec?.entrypoint ?? ""],
    [`${routers}service`, id],
    [`${services}loadBalancer/servers/0/url`, ts.spec?.url ?? ""],
  ]);
}
