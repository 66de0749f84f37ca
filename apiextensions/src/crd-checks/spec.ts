// spec and status rules of a CRD on create: group, scope, names, versions (unique names,
// exactly one storage version, required schemas, deprecation warnings), each version's and the
// shared schema / subresources / printer columns, conversion, and the stored versions.
import type { InternalConversion, InternalCrd, InternalVersion } from "../types/index.js";
import { isDns1035Label, isDns1123Subdomain } from "./dns.js";
import { FieldPath } from "./field-path.js";
import { goSharpStringSlice } from "./go-value.js";
import { goVersion, goVersions, versionsJson } from "./go-structs.js";
import { goJson } from "../validation/go-format.js";
import { forbidden, GoRendered, invalid, notSupported, required, type CrdProblem } from "./problem.js";
import { checkValidation } from "./schema-checks.js";
import type { InternalSchema } from "../types/index.js";
import { checkColumn, checkSubresources } from "./subresources.js";
import { REFERENCE_MINOR, SELECTABLE_FIELDS_MINOR, STORED_VERSIONS_SHOWN_MINOR, wordingOf } from "./server-versions.js";
import { selectableFieldErrors } from "./selectable-fields.js";

const spec = FieldPath.root("spec");

function hasStatus(crd: InternalCrd, v: InternalVersion | undefined): boolean {
  const perVersion = crd.versions.some((x) => x.subresources !== undefined);
  const sub = perVersion ? v?.subresources : crd.subresources;
  return sub?.status !== undefined;
}

function deprecationWarningErrors(v: InternalVersion): string[] {
  if (!v.deprecated && v.deprecationWarning !== undefined) return ["can only be set for deprecated versions"];
  const w = v.deprecationWarning;
  if (w === undefined) return [];
  const out: string[] = [];
  if (Buffer.byteLength(w, "utf8") > 256) out.push("must be <= 256 characters long");
  if (w.length === 0) out.push("must not be an empty string");
  const bad = [...w].findIndex((ch) => /[\p{Cc}]/u.test(ch) || !/[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]/u.test(ch));
  if (bad >= 0) out.push(`must only contain printable UTF-8 characters; non-printable character found at index ${bad}`);
  return out;
}

function versionErrors(crd: InternalCrd, minor: number): CrdProblem[] {
  const out: CrdProblem[] = [];
  const json = wordingOf(minor) === "1.37";
  const vp = spec.child("versions");
  if (crd.validation?.openAPIV3Schema === undefined) {
    crd.versions.forEach((v, i) => {
      if (v.schema?.openAPIV3Schema === undefined)
        out.push(required(vp.index(i).child("schema", "openAPIV3Schema"), json ? "" : "schemas are required"));
    });
  }
  crd.versions.forEach((v, i) => {
    const p = vp.index(i);
    const nameErrs = isDns1035Label(v.name);
    if (nameErrs.length > 0) out.push(invalid(p.child("name"), v.name, nameErrs.join(",")));
    for (const m of deprecationWarningErrors(v))
      // A *string: from 1.34 printed by encoding/json (HTML characters escaped), not %q.
      out.push(
        invalid(
          p.child("deprecationWarning"),
          json && v.deprecationWarning !== undefined ? new GoRendered(goJson(v.deprecationWarning)) : (v.deprecationWarning ?? null),
          m,
          wordingOf(minor),
        ),
      );
    out.push(...checkValidation(v.schema, hasStatus(crd, v), p.child("schema"), minor));
    out.push(...checkSubresources(v.subresources, p.child("subresources")));
    v.additionalPrinterColumns.forEach((c, j) => out.push(...checkColumn(c, p.child("additionalPrinterColumns").index(j))));
    if (minor >= SELECTABLE_FIELDS_MINOR && v.selectableFields.length > 0) {
      const schema = v.schema?.openAPIV3Schema;
      // The server's message says the opposite of what it checks: the version has no schema of its own.
      if (schema === undefined)
        out.push(
          invalid(
            p.child("selectableFields"),
            "",
            json
              ? "may only be set when `version.schema.openAPIV3Schema` is not included"
              : "selectableFields may only be set when version.schema.openAPIV3Schema is not included",
          ),
        );
      else out.push(...selectableFieldErrors(v.selectableFields, schema, p.child("selectableFields")));
    }
  });
  const names = crd.versions.map((v) => v.name);
  const versions = new GoRendered(json ? versionsJson(crd.versions) : goVersions(crd.versions));
  if (new Set(names).size !== names.length) out.push(invalid(vp, versions, "must contain unique version names"));
  if (crd.versions.filter((v) => v.storage).length !== 1)
    out.push(invalid(vp, versions, "must have exactly one version marked as storage version"));
  if (crd.version !== "") {
    const errs = isDns1035Label(crd.version);
    if (errs.length > 0) out.push(invalid(spec.child("version"), crd.version, errs.join(",")));
  }
  return out;
}

function schemaHasDefault(s: InternalSchema | undefined): boolean {
  if (s === undefined) return false;
  if (s.default !== undefined) return true;
  const subs: (InternalSchema | undefined)[] = [
    ...(Array.isArray(s.items) ? s.items : [s.items]),
    s.not,
    ...(s.allOf ?? []),
    ...(s.anyOf ?? []),
    ...(s.oneOf ?? []),
  ];
  subs.push(...Object.values(s.properties ?? {}), typeof s.additionalProperties === "object" ? s.additionalProperties : undefined);
  return subs.some(schemaHasDefault);
}

function hasDefaults(crd: InternalCrd): boolean {
  return schemaHasDefault(crd.validation?.openAPIV3Schema) || crd.versions.some((v) => schemaHasDefault(v.schema?.openAPIV3Schema));
}

/** ValidateCustomResourceDefinitionNames (spec.names or status.acceptedNames). */
export function checkNames(names: InternalCrd["names"], path: FieldPath): CrdProblem[] {
  const out: CrdProblem[] = [];
  const label = (v: string, field: string, prefix = ""): void => {
    if (v === "") return;
    const errs = isDns1035Label(prefix === "" ? v : v.toLowerCase());
    if (errs.length > 0) out.push(invalid(path.child(field), v, prefix + errs.join(",")));
  };
  label(names.plural, "plural");
  label(names.singular, "singular");
  label(names.kind, "kind", "may have mixed case, but should otherwise match: ");
  label(names.listKind, "listKind", "may have mixed case, but should otherwise match: ");
  names.shortNames.forEach((s, i) => {
    const errs = isDns1035Label(s);
    if (errs.length > 0) out.push(invalid(path.child("shortNames").index(i), s, errs.join(",")));
  });
  if (names.kind !== "" && names.kind === names.listKind)
    out.push(invalid(path.child("listKind"), names.listKind, "kind and listKind may not be the same"));
  names.categories.forEach((c, i) => {
    const errs = isDns1035Label(c);
    if (errs.length > 0) out.push(invalid(path.child("categories").index(i), c, errs.join(",")));
  });
  return out;
}

function conversionErrors(c: InternalConversion, preserveUnknownFields: boolean, minor: number): CrdProblem[] {
  const p = spec.child("conversion");
  const out: CrdProblem[] = [];
  if (c.strategy !== "None" && preserveUnknownFields)
    out.push(invalid(p.child("strategy"), c.strategy, "must be None if spec.preserveUnknownFields is true"));
  if (c.strategy === "") out.push(required(p.child("strategy"), ""));
  else if (c.strategy !== "None" && c.strategy !== "Webhook") out.push(notSupported(p.child("strategy"), c.strategy, ["None", "Webhook"]));
  if (c.strategy === "Webhook") {
    const cc = c.webhookClientConfig;
    if (cc === undefined) out.push(required(p.child("webhookClientConfig"), "required when strategy is set to Webhook"));
    else if ((cc.url === undefined) === (cc.service === undefined))
      out.push(required(p.child("webhookClientConfig"), "exactly one of url or service is required"));
    else if (cc.url !== undefined && !cc.url.startsWith("https://")) {
      out.push(invalid(p.child("webhookClientConfig", "url"), cc.url, "'https' is the only allowed URL scheme"));
    }
    out.push(...reviewVersionErrors(c.conversionReviewVersions, p.child("conversionReviewVersions"), minor));
  } else {
    if (c.webhookClientConfig !== undefined)
      out.push(forbidden(p.child("webhookClientConfig"), "should not be set when strategy is not set to Webhook"));
    if ((c.conversionReviewVersions ?? []).length > 0) {
      out.push(forbidden(p.child("conversionReviewVersions"), "should not be set when strategy is not set to Webhook"));
    }
  }
  return out;
}

function reviewVersionErrors(versions: string[] | undefined, p: FieldPath, minor: number): CrdProblem[] {
  if (versions === undefined || versions.length === 0) return [required(p, "")];
  const out: CrdProblem[] = [];
  const seen = new Set<string>();
  let accepted = false;
  versions.forEach((v, i) => {
    if (seen.has(v)) {
      out.push(invalid(p.index(i), v, "duplicate version"));
      return;
    }
    seen.add(v);
    for (const m of isDns1035Label(v)) out.push(invalid(p.index(i), v, m));
    if (v === "v1" || v === "v1beta1") accepted = true;
  });
  const shown = wordingOf(minor) === "1.37" ? goJson(versions) : goSharpStringSlice(versions);
  if (!accepted) out.push(invalid(p, new GoRendered(shown), "must include at least one of v1, v1beta1"));
  return out;
}

/** validateCustomResourceDefinitionSpec on create, with CEL costs estimated as server 1.`minor` does. */
export function checkSpec(crd: InternalCrd, minor: number = REFERENCE_MINOR): CrdProblem[] {
  const out: CrdProblem[] = [];
  if (crd.group === "") out.push(required(spec.child("group"), ""));
  else {
    const errs = isDns1123Subdomain(crd.group);
    if (errs.length > 0) out.push(invalid(spec.child("group"), crd.group, errs.join(",")));
    else if (crd.group.split(".").length < 2) out.push(invalid(spec.child("group"), crd.group, "should be a domain with at least one dot"));
  }
  if (crd.scope === "") out.push(required(spec.child("scope"), ""));
  else if (crd.scope !== "Cluster" && crd.scope !== "Namespaced")
    out.push(notSupported(spec.child("scope"), crd.scope, ["Cluster", "Namespaced"]));
  if (crd.preserveUnknownFields && hasDefaults(crd)) {
    out.push(invalid(spec.child("preserveUnknownFields"), true, "must be false in order to use defaults in the schema"));
  }
  out.push(...versionErrors(crd, minor));
  const np = spec.child("names");
  for (const k of ["plural", "singular", "kind", "listKind"] as const) if (crd.names[k] === "") out.push(required(np.child(k), ""));
  out.push(...checkNames(crd.names, np));
  out.push(
    ...checkValidation(
      crd.validation,
      crd.subresources?.status !== undefined || crd.versions.some((v) => v.subresources?.status !== undefined),
      spec.child("validation"),
      minor,
    ),
  );
  out.push(...checkSubresources(crd.subresources, spec.child("subresources")));
  crd.additionalPrinterColumns.forEach((c, i) => out.push(...checkColumn(c, spec.child("additionalPrinterColumns").index(i))));
  if (minor >= SELECTABLE_FIELDS_MINOR && crd.selectableFields.length > 0) {
    const schema = crd.validation?.openAPIV3Schema;
    if (crd.validation === undefined)
      out.push(
        invalid(
          spec.child("selectableFields"),
          "",
          `${wordingOf(minor) === "1.37" ? "" : "selectableFields "}may only be set when validations.schema is included`,
        ),
      );
    else if (schema !== undefined) out.push(...selectableFieldErrors(crd.selectableFields, schema, spec.child("selectableFields")));
  }
  out.push(...conversionErrors(crd.conversion, crd.preserveUnknownFields, minor));
  return out;
}

/** The value of "must have the storage version": the version up to 1.27, the stored versions after. */
function storedShown(stored: readonly string[], v: InternalVersion, minor: number): string {
  if (minor < STORED_VERSIONS_SHOWN_MINOR) return goVersion(v);
  return wordingOf(minor) === "1.37" ? goJson(stored) : goSharpStringSlice(stored);
}

/**
 * status.storedVersions (as create or update leaves them) and spec.preserveUnknownFields, which
 * may stay true only on an update of a CRD that already had it. Up to 1.33 the server prints the
 * storage version that is missing; from 1.34 the stored versions (null when there are none).
 */
export function checkStoredVersionsAndPruning(crd: InternalCrd, oldPreserveUnknownFields = false, minor = REFERENCE_MINOR): CrdProblem[] {
  const out: CrdProblem[] = [];
  const sp = FieldPath.root("status", "storedVersions");
  const json = wordingOf(minor) === "1.37";
  if (crd.storedVersions.length === 0)
    out.push(invalid(sp, new GoRendered(json ? "null" : "[]string{}"), "must have at least one stored version"));
  else {
    const remaining = new Map(crd.storedVersions.map((v, i) => [v, i]));
    for (const v of crd.versions) {
      if (v.storage && !remaining.has(v.name))
        out.push(invalid(sp, new GoRendered(storedShown(crd.storedVersions, v, minor)), `must have the storage version ${v.name}`));
      remaining.delete(v.name);
    }
    for (const [v, i] of [...remaining].sort((a, b) => a[1] - b[1])) {
      const detail = json
        ? `missing from spec.versions; ${v} was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in ${v} and removes ${v} from status.storedVersions`
        : "must appear in spec.versions";
      out.push(invalid(sp.index(i), v, detail));
    }
  }
  if (crd.preserveUnknownFields && !oldPreserveUnknownFields) {
    out.push(
      invalid(
        spec.child("preserveUnknownFields"),
        true,
        "cannot set to true, set x-preserve-unknown-fields to true in spec.versions[*].schema instead",
      ),
    );
  }
  return out;
}
