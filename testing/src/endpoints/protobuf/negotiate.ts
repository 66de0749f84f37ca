// Whether an Accept header prefers protobuf, as apimachinery's negotiation reads it: the entries are
// ranked by q-value (the client's order breaking ties), and the first the server can produce wins.
// client-go sends "application/vnd.kubernetes.protobuf, application/json"; kubectl's Table reads
// ask for JSON with as=Table parameters. Custom resources have no protobuf form, so for them
// protobuf is never chosen (and an Accept naming only protobuf is a 406, request-handler.ts).
/** The protobuf media type (defined here, not in objects.ts, so negotiating loads no codec: load.ts). */
export const PROTOBUF = "application/vnd.kubernetes.protobuf";

export interface AcceptEntry {
  type: string;
  params: Record<string, string>;
  q: number;
  order: number;
}

export function parseAccept(accept: string): AcceptEntry[] {
  return accept
    .split(",")
    .map((range, order) => {
      const [type = "", ...rest] = range.split(";").map((p) => p.trim());
      const params: Record<string, string> = {};
      for (const p of rest) {
        const eq = p.indexOf("=");
        if (eq > 0) params[p.slice(0, eq).toLowerCase()] = p.slice(eq + 1).replace(/^"|"$/g, "");
      }
      const q = params["q"] === undefined ? 1 : Number(params["q"]);
      return { type: type.toLowerCase(), params, q: Number.isNaN(q) ? 0 : q, order };
    })
    .filter((e) => e.type !== "" && e.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
}

/** The media types the server writes objects in, protobuf only for built-ins. */
function producible(type: string, protobuf: boolean): boolean {
  return (
    type === "application/json" ||
    type === "application/yaml" ||
    type === "*/*" ||
    type === "application/*" ||
    (protobuf && type === PROTOBUF)
  );
}

/** Whether the answer should be protobuf: the best-ranked producible entry is protobuf. */
export function prefersProtobuf(accept: string | undefined, protobufAvailable: boolean): boolean {
  if (accept === undefined || !protobufAvailable) return false;
  for (const e of parseAccept(accept)) {
    // A Table or PartialObjectMetadata read is answered by the JSON path.
    if (e.params["as"] !== undefined) return false;
    if (producible(e.type, true)) return e.type === PROTOBUF;
  }
  return false;
}

/** Whether an Accept names protobuf and nothing else the server can write for a custom resource. */
export function onlyProtobuf(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === "") return false;
  const entries = parseAccept(accept);
  return entries.some((e) => e.type === PROTOBUF) && !entries.some((e) => producible(e.type, false));
}
