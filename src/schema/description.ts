import type { JSONSchemaProps } from "@kube-codegen/apiextensions";

// Descriptions in one of controller-gen's two layouts, and `maxDescLen` truncation at the last
// sentence end, else the last space plus "...".

/**
 * How descriptions are laid out: `current` as controller-gen v0.14 and later write them (the doc
 * comment as read, line breaks kept, so go-yaml writes `|-` blocks), `v0.13` as v0.13 and earlier
 * did (each line trimmed, lines joined with spaces, a paragraph break kept as a "\n" word).
 */
export type DescriptionLayout = "current" | "v0.13";

/** A doc comment (describeDoc's text) as a schema description in the given layout. */
export function schemaDescription(doc: string, layout: DescriptionLayout = "current"): string {
  if (doc === "" || layout === "current") return doc;
  return legacyLines(doc)
    .map((l) => (l === "" ? "\n" : l.trim()))
    .join(" ");
}

/**
 * The lines v0.13 kept of a doc comment, as our reader for that layout picked them: `TODO`, `---`
 * and fences recognised after leading space too, blank lines never leading, trailing or doubled.
 */
function legacyLines(doc: string): string[] {
  const out: string[] = [];
  let inFence = false;
  for (const line of doc.split("\n")) {
    const head = line.trimStart();
    if (head.startsWith("```") || head.startsWith("~~~")) inFence = !inFence;
    else if (!inFence) {
      if (head.startsWith("TODO")) continue;
      if (head.startsWith("---")) break;
    }
    if (head === "" && (out.length === 0 || out[out.length - 1] === "")) continue;
    out.push(head === "" ? "" : line);
  }
  while (out.length > 0 && out[out.length - 1] === "") out.pop();
  return out;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
// Unicode's Sentence_Terminal characters that appear in prose (Go checks unicode.STerm).
const sentenceTerminals = new Set(
  Array.from(".!?\u0589\u061f\u06d4\u0964\u0965\u3002\uff01\uff0e\uff1f\uff61\u203c\u203d\u2047\u2048\u2049"),
);

/** controller-gen's truncateString: `maxLen` counts UTF-8 bytes, as Go's len does. */
export function truncateDescription(desc: string, maxLen: number): string {
  const bytes = encoder.encode(desc);
  if (bytes.length <= maxLen) return desc;
  // Cut on a character boundary at or below maxLen bytes (Go would cut mid-character; we never emit broken UTF-8).
  let cut = maxLen;
  while (cut > 0 && ((bytes[cut] ?? 0) & 0xc0) === 0x80) cut--;
  const head = Array.from(decoder.decode(bytes.subarray(0, cut)));
  for (let i = head.length - 1; i > 0; i--) if (sentenceTerminals.has(head[i]!)) return head.slice(0, i + 1).join("");
  for (let i = head.length - 1; i > 0; i--) if (/\s/u.test(head[i]!)) return `${head.slice(0, i).join("")}...`;
  return `${head.join("")}...`;
}

/** Applies `maxDescLen` to every description of a schema, in place: 0 drops them all. */
export function limitDescriptions(schema: JSONSchemaProps, maxLen: number): void {
  if (schema.description !== undefined) {
    if (maxLen === 0) delete schema.description;
    else schema.description = truncateDescription(schema.description, maxLen);
  }
  for (const p of Object.values(schema.properties ?? {})) limitDescriptions(p, maxLen);
  if (schema.items && !Array.isArray(schema.items)) limitDescriptions(schema.items, maxLen);
  if (typeof schema.additionalProperties === "object") limitDescriptions(schema.additionalProperties, maxLen);
  for (const key of ["allOf", "anyOf", "oneOf"] as const) for (const s of schema[key] ?? []) limitDescriptions(s, maxLen);
  if (schema.not) limitDescriptions(schema.not, maxLen);
}
