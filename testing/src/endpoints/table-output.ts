// `Accept: application/json;as=Table;g=meta.k8s.io;v=v1` (kubectl get): a meta.k8s.io Table with
// PartialObjectMetadata row objects. A CRD's columns are Name and its additionalPrinterColumns (or Age);
// a built-in's are the real server's per kind (builtin-tables.ts, cells by builtin-printers.ts), or the
// generic Name and Created At for a kind without a printer.
import type { KubeObject, PrinterColumn, ResourceInfo } from "../registry/resource-info.js";
import type { PrintedRow } from "./builtin-printers.js";
import { BUILTIN_TABLES, DEFAULT_COLUMNS, NAME_DESCRIPTION, NAME_DESCRIPTION_1_37, type ColumnDefinition } from "./builtin-tables.js";
import type { Emulate } from "../server-state.js";

const AGE: PrinterColumn = { name: "Age", type: "date", jsonPath: ".metadata.creationTimestamp" };

/** Whether the Accept header asks for a Table. */
export function wantsTable(accept: string | undefined): boolean {
  return (accept ?? "").split(",").some((part) => /;\s*as=Table/.test(part) && /g=meta\.k8s\.io/.test(part));
}

/** Go's duration.HumanDuration, as kubectl shows ages. */
export function humanDuration(ms: number): string {
  // Go's int(d.Seconds()) truncates toward zero: -1.5s is "0s", not "<invalid>".
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return "<invalid>";
  if (seconds < 0) return "0s";
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) return hours % 24 === 0 ? `${hours / 24}d` : `${Math.floor(hours / 24)}d${hours % 24}h`;
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24)}d`;
  const days = Math.floor(hours / 24);
  if (hours < 24 * 365 * 8) return days % 365 === 0 ? `${days / 365}y` : `${Math.floor(days / 365)}y${days % 365}d`;
  return `${Math.floor(days / 365)}y`;
}

/** Evaluates the simple JSONPath forms CRDs use (".spec.replicas", ".status.conditions[0].type"). */
function evaluate(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path
    .replace(/^\{?\.?/, "")
    .replace(/\}$/, "")
    .split(/\.|(?=\[)/)) {
    if (part === "") continue;
    const index = /^\[(\d+)\]$/.exec(part);
    if (index) cur = Array.isArray(cur) ? cur[Number(index[1])] : undefined;
    else cur = cur && typeof cur === "object" ? (cur as Record<string, unknown>)[part] : undefined;
  }
  return cur;
}

function cell(col: PrinterColumn, obj: KubeObject, now: number): unknown {
  const v = evaluate(obj, col.jsonPath);
  if (v === undefined || v === null) return null;
  if (col.type === "date" && typeof v === "string") return humanDuration(now - Date.parse(v));
  return v;
}

/** translateTimestampSince: a timestamp's age as kubectl shows it, "<unknown>" when unset. */
function ageSince(now: number): (timestamp: unknown) => string {
  return (timestamp) => {
    const at = typeof timestamp === "string" ? Date.parse(timestamp) : NaN;
    return Number.isNaN(at) ? "<unknown>" : humanDuration(now - at);
  };
}

/** A built-in kind's column definitions and rows, as its printer (or the generic convertor) gives them. */
function builtinTable(info: ResourceInfo, items: KubeObject[], now: number): { columnDefinitions: ColumnDefinition[]; rows: PrintedRow[] } {
  const key = `${info.group}/${info.resource}`;
  const table = BUILTIN_TABLES[key];
  const age = ageSince(now);
  if (table) return { columnDefinitions: table.columns, rows: items.map((o) => table.print(o, age)) };
  // The generic convertor's Created At is the RFC 3339 timestamp itself, with no fractional seconds.
  const createdAt = (o: KubeObject): unknown => {
    const t = o.metadata["creationTimestamp"];
    return typeof t === "string" && !Number.isNaN(Date.parse(t)) ? new Date(t).toISOString().replace(/\.\d+Z$/, "Z") : null;
  };
  return { columnDefinitions: DEFAULT_COLUMNS, rows: items.map((o) => ({ cells: [o.metadata["name"], createdAt(o)] })) };
}

/** A CRD's column definitions and rows: Name, then its printer columns (Age when it has none). */
function customTable(info: ResourceInfo, items: KubeObject[], now: number): { columnDefinitions: ColumnDefinition[]; rows: PrintedRow[] } {
  const columns = info.printerColumns && info.printerColumns.length > 0 ? info.printerColumns : [AGE];
  return {
    columnDefinitions: [
      { name: "Name", type: "string", format: "name", description: NAME_DESCRIPTION, priority: 0 },
      ...columns.map((c) => ({
        name: c.name,
        type: c.type,
        format: c.format ?? "",
        description: c.description ?? `Custom resource definition column (in JSONPath format): ${c.jsonPath}`,
        priority: c.priority ?? 0,
      })),
    ],
    rows: items.map((o) => ({ cells: [o.metadata["name"], ...columns.map((c) => cell(c, o, now))] })),
  };
}

/** The Table for a list of objects. */
export function toTable(
  info: ResourceInfo,
  items: KubeObject[],
  listMeta: Record<string, unknown>,
  emulate: Emulate,
): Record<string, unknown> {
  const now = Date.now();
  const table = info.custom ? customTable(info, items, now) : builtinTable(info, items, now);
  const rows = table.rows;
  // The Name column's description is ObjectMeta.name's doc, whose link 1.37 words differently.
  const columnDefinitions =
    emulate === "1.24"
      ? table.columnDefinitions
      : table.columnDefinitions.map((c) => (c.description === NAME_DESCRIPTION ? { ...c, description: NAME_DESCRIPTION_1_37 } : c));
  return {
    kind: "Table",
    apiVersion: "meta.k8s.io/v1",
    metadata: listMeta,
    columnDefinitions,
    rows: rows.map((row, i) => ({
      cells: row.cells,
      ...(row.conditions ? { conditions: row.conditions } : {}),
      object: { kind: "PartialObjectMetadata", apiVersion: "meta.k8s.io/v1", metadata: items[i]?.metadata },
    })),
  };
}
