// Naming rules shared by every generator: one pluralisation, so the CRD, the register file and
// the client never disagree about a resource's name.

const irregular: Record<string, string> = {
  person: "people",
  man: "men",
  woman: "women",
  child: "children",
  foot: "feet",
  tooth: "teeth",
  goose: "geese",
  mouse: "mice",
  ox: "oxen",
  index: "indices",
  matrix: "matrices",
  vertex: "vertices",
  status: "statuses",
  alias: "aliases",
  quiz: "quizzes",
  endpoints: "endpoints",
  policy: "policies",
  schema: "schemas",
  data: "data",
  metadata: "metadata",
  information: "information",
  equipment: "equipment",
  leaf: "leaves",
  life: "lives",
  knife: "knives",
  wife: "wives",
  half: "halves",
  shelf: "shelves",
};

/**
 * Pluralises a lower-case resource name the way controller-gen (flect) does for the names
 * Kubernetes APIs use: irregular words, `-s/-x/-z/-ch/-sh` → `-es`, consonant + `y` → `-ies`.
 * Compound names pluralise their last word ("trafficpolicy" → "trafficpolicies").
 */
export function pluralize(singular: string): string {
  const lower = singular.toLowerCase();
  for (const [word, plural] of Object.entries(irregular)) {
    if (lower === word || (lower.endsWith(word) && word.length >= 4)) return lower.slice(0, lower.length - word.length) + plural;
  }
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${lower}es`;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}

/** The resource's singular name: the lower-cased kind. */
export function singularOf(kind: string): string {
  return kind.toLowerCase();
}

/** client-go style Go name for a group: the first DNS label, camel-cased ("samplecontroller.k8s.io" → "Samplecontroller"). */
export function groupGoNameOf(group: string): string {
  const first = group.split(".")[0] ?? group;
  return first
    .split(/[-_]/)
    .filter((p) => p.length > 0)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join("");
}

/** lowerCamel form of an identifier ("FooBar" → "fooBar"). */
export function lowerFirst(s: string): string {
  return s.length === 0 ? s : s[0]!.toLowerCase() + s.slice(1);
}

/** The pattern API version directories follow unless `+versionName=` names the version. */
export const versionPattern = /^v\d+((alpha|beta)\d+)?$/;

/** Kubernetes version priority (v1 > v1beta2 > v1beta1 > v1alpha1 > others), as the API server sorts versions. */
export function compareVersions(a: string, b: string): number {
  const ka = versionKey(a);
  const kb = versionKey(b);
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return (kb[i] as number) - (ka[i] as number);
  return a < b ? -1 : a > b ? 1 : 0;
}

function versionKey(v: string): number[] {
  const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
  if (!m) return [0, 0, 0, 0];
  const stability = m[2] === undefined ? 3 : m[2] === "beta" ? 2 : 1;
  return [1, stability, Number(m[1]), Number(m[3] ?? 0)];
}
