// Protobuf's cost in the test server (issue 27): decoding a 1,000-item ConfigMapList request body
// and encoding the same list as a response, through the descriptor-driven codec
// (testing/src/endpoints/protobuf), against the JSON path on the same objects in the same run
// (JSON.parse of the body, and stringifyJson, the server's JSON writer). Goal: at most 1.5× JSON.
// Both paths run from testing/dist, the code the package ships (bench/index.ts builds it first),
// and each figure is the best of 60 passes: a pass takes a few milliseconds, and with 15 the
// figures moved by half their size from run to run on a shared 2-core machine.
import { performance } from "node:perf_hooks";
import { decodeProtobufObject, encodeProtobufObject } from "../testing/dist/endpoints/protobuf/objects.js";
import { stringifyJson } from "../testing/dist/patch/json.js";
import { recordBenchResults } from "./results.js";

const N = 1000;

/** A ConfigMap as the server stores it: metadata with labels, annotations, managedFields, and data. */
function configMap(i: number): Record<string, unknown> {
  return {
    metadata: {
      name: `config-${String(i)}`,
      namespace: "default",
      uid: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      resourceVersion: String(1000 + i),
      creationTimestamp: "2026-01-02T03:04:05Z",
      labels: { app: "bench", shard: String(i % 10) },
      annotations: { "example.com/note": `object ${String(i)}` },
      managedFields: [
        {
          manager: "bench",
          operation: "Update",
          apiVersion: "v1",
          time: "2026-01-02T03:04:05Z",
          fieldsType: "FieldsV1",
          fieldsV1: { "f:data": { ".": {}, "f:a": {}, "f:b": {}, "f:c": {} } },
        },
      ],
    },
    data: { a: `value-${String(i)}`, b: "x".repeat(64), c: JSON.stringify({ i, on: i % 2 === 0 }) },
  };
}

const list: Record<string, unknown> = {
  kind: "ConfigMapList",
  apiVersion: "v1",
  metadata: { resourceVersion: "2000" },
  items: Array.from({ length: N }, (_, i) => configMap(i)),
};
const pbBody = encodeProtobufObject(list);
const jsonBody = Buffer.from(stringifyJson(list), "utf8");

/** Milliseconds of the best of `runs` passes (the least disturbed by GC and other processes). */
function bestMs(pass: () => unknown, runs = 60): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    pass();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** Runs the benchmark: decode and encode milliseconds of each path. */
export function runProtobufBench(): { pbDecode: number; jsonDecode: number; pbEncode: number; jsonEncode: number } {
  for (let i = 0; i < 5; i++) {
    decodeProtobufObject(pbBody);
    JSON.parse(jsonBody.toString("utf8"));
    encodeProtobufObject(list);
    stringifyJson(list);
  }
  return {
    pbDecode: bestMs(() => decodeProtobufObject(pbBody)),
    jsonDecode: bestMs(() => JSON.parse(jsonBody.toString("utf8"))),
    pbEncode: bestMs(() => encodeProtobufObject(list)),
    jsonEncode: bestMs(() => Buffer.from(stringifyJson(list), "utf8")),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = runProtobufBench();
  const f = (x: number): string => x.toFixed(2);
  console.log(`protobuf: ${String(N)} ConfigMaps, ${String(pbBody.length)} B protobuf, ${String(jsonBody.length)} B JSON`);
  console.log(`protobuf: decode ${f(r.pbDecode)} ms vs JSON ${f(r.jsonDecode)} ms (${(r.pbDecode / r.jsonDecode).toFixed(2)}×)`);
  console.log(`protobuf: encode ${f(r.pbEncode)} ms vs JSON ${f(r.jsonEncode)} ms (${(r.pbEncode / r.jsonEncode).toFixed(2)}×)`);
  const total = r.pbDecode + r.pbEncode;
  const jsonTotal = r.jsonDecode + r.jsonEncode;
  console.log(`protobuf: decode + encode ${f(total)} ms vs JSON ${f(jsonTotal)} ms (${(total / jsonTotal).toFixed(2)}×; goal ≤ 1.5×)`);
  recordBenchResults("protobuf", [
    { name: "decode 1,000-ConfigMap list body", ours: r.pbDecode, baseline: r.jsonDecode, unit: "ms", better: "lower", goal: 1.5 },
    { name: "encode 1,000-ConfigMap list answer", ours: r.pbEncode, baseline: r.jsonEncode, unit: "ms", better: "lower", goal: 1.5 },
    { name: "decode + encode", ours: total, baseline: jsonTotal, unit: "ms", better: "lower", goal: 1.5 },
  ]);
}
