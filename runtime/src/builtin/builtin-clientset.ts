// BuiltinClientset: the built-in groups' typed clients behind one transport, as client-go's
// kubernetes.Clientset (`clientset.coreV1().pods("ns").get(name)`).
import { asTransport } from "../client/resource-client.js";
import type { RestConfig } from "../rest/rest-config.js";
import type { Transport } from "../rest/transport.js";
import { AppsV1Client } from "./apps-v1.js";
import { CoordinationV1Client } from "./coordination-v1.js";
import { CoreV1Client } from "./core-v1.js";
import { EventsV1Client } from "./events-v1.js";

/** The built-in kinds' clients, one accessor per group/version, sharing one transport. */
export class BuiltinClientset {
  readonly transport: Transport;
  readonly #coreV1: CoreV1Client;
  readonly #appsV1: AppsV1Client;
  readonly #coordinationV1: CoordinationV1Client;
  readonly #eventsV1: EventsV1Client;

  /** Over a Transport, or over a new one made from a RestConfig (`loadKubeConfig()`). */
  constructor(config: Transport | RestConfig) {
    this.transport = asTransport(config);
    this.#coreV1 = new CoreV1Client(this.transport);
    this.#appsV1 = new AppsV1Client(this.transport);
    this.#coordinationV1 = new CoordinationV1Client(this.transport);
    this.#eventsV1 = new EventsV1Client(this.transport);
  }

  /** The core/v1 clients. */
  coreV1(): CoreV1Client {
    return this.#coreV1;
  }

  /** The apps/v1 clients. */
  appsV1(): AppsV1Client {
    return this.#appsV1;
  }

  /** The coordination.k8s.io/v1 clients. */
  coordinationV1(): CoordinationV1Client {
    return this.#coordinationV1;
  }

  /** The events.k8s.io/v1 clients. */
  eventsV1(): EventsV1Client {
    return this.#eventsV1;
  }
}

/** A BuiltinClientset over `config`. */
export function builtinClients(config: Transport | RestConfig): BuiltinClientset {
  return new BuiltinClientset(config);
}
