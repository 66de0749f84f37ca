// Wires the controller as sample-controller's main.go does: clients and informer factories over one
// configuration, an event recorder attributed to "sample-controller", and two workers.
import { BuiltinClientset, SharedInformerFactory as KubeInformerFactory, asTransport, newEventRecorder } from "@kube-codegen/runtime";
import type { EventRecorder, RestConfig, Transport } from "@kube-codegen/runtime";
import { Clientset } from "../generated/clientset/index.js";
import { newSharedInformerFactory } from "../generated/informers/index.js";
import { CONTROLLER_AGENT_NAME, Controller } from "./controller.js";
import type { ControllerLog } from "./controller.js";

/** Options of startController. */
export interface StartControllerOptions {
  /** Stops the informers and the workers. */
  signal: AbortSignal;
  /** How many workers process keys at once (default 2, as sample-controller's main). */
  workers?: number;
  /** Resync period of the informers in ms (default 30 000, as main.go's time.Second*30). */
  resyncMs?: number;
  /** Told what the controller does. */
  log?: (entry: ControllerLog) => void;
}

/** A running controller. */
export interface RunningController {
  controller: Controller;
  recorder: EventRecorder;
  /** Resolves once the workers have stopped after `signal` aborted (and the events are written). */
  done: Promise<void>;
}

/** Starts the sample-controller against the cluster `config` points at (a kubeconfig, in-cluster, or the test API server). */
export function startController(config: RestConfig | Transport, options: StartControllerOptions): RunningController {
  const transport = asTransport(config);
  const kubeClient = new BuiltinClientset(transport);
  const sampleClient = new Clientset(transport);
  const resync = options.resyncMs ?? 30_000;
  const kubeInformerFactory = new KubeInformerFactory(transport, { defaultResync: resync });
  const fooInformerFactory = newSharedInformerFactory(transport, { defaultResync: resync });
  const recorder = newEventRecorder(transport, { component: CONTROLLER_AGENT_NAME });
  const controller = new Controller({
    kubeClient,
    sampleClient,
    kubeInformerFactory,
    fooInformerFactory,
    recorder,
    ...(options.log && { log: options.log }),
  });
  const done = (async () => {
    await controller.run(options.workers ?? 2, options.signal);
    await Promise.all([kubeInformerFactory.shutdown(), fooInformerFactory.shutdown()]);
    await recorder.flush();
  })();
  return { controller, recorder, done };
}
