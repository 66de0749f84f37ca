// Runs the sample-controller against a cluster: the configuration comes from KUBECONFIG (or
// ~/.kube/config, or the pod's service account in a cluster), as client-go's does. Ctrl-C stops it.
//   KUBECONFIG=~/.kube/config node --import tsx generated-examples/sample-controller/controller/main.ts
import { loadKubeConfig } from "@kube-codegen/runtime";
import { describe } from "./describe.js";
import { startController } from "./start.js";

const abort = new AbortController();
for (const s of ["SIGINT", "SIGTERM"] as const) process.once(s, () => abort.abort());
const running = startController(loadKubeConfig(), {
  signal: abort.signal,
  log: (entry) => {
    const line = describe(entry);
    if (line) console.log(line);
  },
});
console.log("sample-controller: started with 2 workers; Ctrl-C stops it");
await running.done;
