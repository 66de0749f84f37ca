import { stringify } from "yaml";

/**
 * Serialises manifests as YAML. Key order is the order the generator built the objects in (the
 * CRD generator builds them in a fixed order); strings that YAML would misread are quoted by the
 * yaml package, so marker values cannot break the document.
 */
export function toYaml(docs: readonly unknown[]): string {
  return docs.map((d) => `---\n${stringify(d, { lineWidth: 0, indent: 2, indentSeq: false, aliasDuplicateObjects: false })}`).join("");
}
