import { Code, errorAt, warningAt, type Diagnostic, type SourcePos } from "../diagnostics/index.js";
import { describeDoc } from "./description.js";
import { MARKER_NAME } from "./marker-name.js";
import { nearMissMarker, type NearMiss } from "./near-miss.js";
import type { MarkerRegistry } from "./registry.js";
import { MarkerSyntaxError, Scanner } from "./scanner.js";
import { closest, didYouMean } from "../diagnostics/index.js";
import {
  allTargets,
  type ArgSpec,
  type CommentLine,
  type Marker,
  type MarkerDefinition,
  type MarkerTarget,
  type Payload,
} from "./types.js";
import { ValueParser, parseValueText, typeLabel } from "./values.js";

/** What parseMarkers found among a target's comment lines. */
export interface ParsedMarkers {
  readonly markers: Marker[];
  /** The non-marker text, as Go doc comments are read: paragraphs kept, TODO lines and text after `---` dropped. */
  readonly description: string;
  readonly diagnostics: Diagnostic[];
  /** Declared markers that were written but refused with an error (see MarkerSet.wasRefused). */
  readonly refused: string[];
}

const MARKER_START = /^\+[A-Za-z]/;
const NAME = MARKER_NAME;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** True when a comment line's text is a marker (`+` then a letter, after optional spaces). */
export function isMarkerLine(text: string): boolean {
  return MARKER_START.test(text.trimStart());
}

/**
 * Parses the marker lines among `lines` for a target: returns the markers, the description, and
 * diagnostics for unknown, misplaced or malformed markers in the registry's known namespaces, each
 * with a "did you mean" hint. Markers in other namespaces are left alone.
 */
export function parseMarkers(lines: readonly CommentLine[], target: MarkerTarget, registry: MarkerRegistry): ParsedMarkers {
  const markers: Marker[] = [];
  const diagnostics: Diagnostic[] = [];
  const prose: string[] = [];
  const refused: string[] = [];
  for (const line of lines) {
    const lead = line.text.length - line.text.trimStart().length;
    const raw = line.text.trim();
    const pos: SourcePos = { file: line.file ?? "", line: line.line, col: line.col + lead, length: raw.length };
    if (!isMarkerLine(line.text)) {
      // `＋optional` or an invisible character before `+`: meant as a marker, so not description.
      const miss = nearMissMarker(raw, registry);
      if (miss) diagnostics.push(nearMissDiagnostic(miss, pos, false));
      else prose.push(line.text);
      continue;
    }
    const before = diagnostics.length;
    const m = parseMarkerLine(raw, pos, target, registry, diagnostics);
    if (m) markers.push(m);
    else if (diagnostics.length > before) {
      const def = registry.resolve(NAME.exec(raw)?.[1]?.replace(/:$/, "") ?? "")?.def;
      if (def) refused.push(def.name);
    }
  }
  checkRepeats(markers, diagnostics);
  return { markers, description: describeDoc(prose), diagnostics, refused };
}

/** Parses markers of the two blocks above a declaration: markers from both, description from the near block. */
export function parseMarkersAbove(
  blocks: { readonly near: readonly CommentLine[]; readonly far: readonly CommentLine[] },
  target: MarkerTarget,
  registry: MarkerRegistry,
): ParsedMarkers {
  const all = parseMarkers([...blocks.far, ...blocks.near], target, registry);
  const isProse = (l: CommentLine) => !isMarkerLine(l.text) && !nearMissMarker(l.text.trim(), registry);
  return { ...all, description: describeDoc(blocks.near.filter(isProse).map((l) => l.text)) };
}

/**
 * The diagnostic for a near miss at the line's position: an unknown-marker error when the name as
 * written is in a known namespace (as any unknown marker there is), otherwise a warning, since
 * the line is ignored but may still be prose.
 */
function nearMissDiagnostic(miss: NearMiss, pos: SourcePos, inKnownNamespace: boolean): Diagnostic {
  const at: SourcePos = { ...pos, col: pos.col + miss.offset, length: miss.length };
  const hint = didYouMean(miss.meant, "+") ?? "run `kube-codegen markers` to list the known markers";
  if (inKnownNamespace) return errorAt(at, Code.unknownMarker, `unknown marker ${miss.written}: ${miss.why}`, hint);
  return warningAt(at, Code.lookalikeMarker, `${miss.written} is not a marker and is ignored: ${miss.why}`, hint);
}

function checkRepeats(markers: readonly Marker[], diagnostics: Diagnostic[]): void {
  const seen = new Map<string, Marker>();
  for (const m of markers) {
    const first = seen.get(m.name);
    if (first && !m.def.repeatable) {
      diagnostics.push(
        errorAt(m.pos, Code.repeatedMarker, `+${m.name} may appear only once here (first at line ${first.pos.line})`, "remove one of them"),
      );
    }
    if (!first) seen.set(m.name, m);
  }
}

/** Parses one marker line (`raw` starts with `+`); pushes diagnostics and returns the marker when usable. */
export function parseMarkerLine(
  raw: string,
  pos: SourcePos,
  target: MarkerTarget,
  registry: MarkerRegistry,
  diagnostics: Diagnostic[],
): Marker | undefined {
  const at = (offset: number, length: number): SourcePos => ({
    file: pos.file,
    line: pos.line,
    col: pos.col + offset,
    length: Math.max(1, length),
  });
  const nameMatch = NAME.exec(raw);
  if (!nameMatch) return undefined;
  let name = nameMatch[1]!;
  const after = nameMatch[0].length;
  // `+kubebuilder:default:=3` is controller-gen's spelling of `+kubebuilder:default=3`.
  const colonEquals = name.endsWith(":") && raw[after] === "=";
  if (colonEquals) name = name.slice(0, -1);
  const resolution = registry.resolve(name);
  if (!resolution) {
    const miss = nearMissMarker(raw, registry);
    if (miss) {
      diagnostics.push(nearMissDiagnostic(miss, pos, registry.inKnownNamespace(name)));
    } else if (registry.inKnownNamespace(name)) {
      const hint = didYouMean(registry.suggest(name, target), "+") ?? "run `kube-codegen markers` to list the known markers";
      diagnostics.push(errorAt(at(0, name.length + 1), Code.unknownMarker, `unknown marker +${name}`, hint));
    } else {
      const near = registry.nearNamespace(name);
      if (near) {
        diagnostics.push(
          warningAt(
            at(0, name.length + 1),
            Code.nearNamespace,
            `marker +${name} is ignored: "${name.split(":")[0]}" is not a known namespace`,
            `did you mean +${near.meant ?? `${near.namespace}:...`}?`,
          ),
        );
      }
    }
    return undefined;
  }
  const { def, leadingArg } = resolution;
  if (!def.targets.includes(target) && def.ignoredOn?.includes(target)) {
    diagnostics.push(
      warningAt(
        at(0, name.length + 1),
        Code.markerIgnoredOnTarget,
        `+${def.name} is ignored on a ${target}, as controller-gen ignores it there: it describes ${joinTargets(def.targets)}`,
        placementHint(def.targets),
      ),
    );
    return undefined;
  }
  if (!def.targets.includes(target)) {
    diagnostics.push(
      errorAt(
        at(0, name.length + 1),
        Code.wrongTarget,
        `+${def.name} describes ${joinTargets(def.targets)}, not a ${target}`,
        placementHint(def.targets),
      ),
    );
    return undefined;
  }
  if (colonEquals && !def.colonEquals) {
    const problem = colonEqualsProblem(def, raw, at(after - 1, 2));
    diagnostics.push(problem);
    if (problem.severity === "error") return undefined;
  }
  let rest = raw.slice(after);
  let payloadStart = after;
  let hasValue = false;
  if (rest.startsWith("=")) {
    hasValue = true;
    payloadStart = after + 1;
    rest = rest.slice(1);
  } else if (rest.trim() !== "") {
    const extra = after + (rest.length - rest.trimStart().length);
    diagnostics.push(
      errorAt(
        at(extra, raw.length - extra),
        Code.malformedValue,
        `unexpected text after +${name}`,
        "a marker is one word; put prose on its own comment line",
      ),
    );
    return undefined;
  }
  try {
    const value = parsePayload(def, rest, hasValue, leadingArg, name);
    const problem = def.check?.(value, target);
    if (problem !== undefined) {
      diagnostics.push(
        errorAt(
          at(hasValue ? payloadStart : 0, hasValue ? rest.length : raw.length),
          Code.malformedValue,
          `+${def.name}: ${problem}`,
          syntaxHint(def),
        ),
      );
      return undefined;
    }
    if (def.deprecated !== undefined) diagnostics.push(warningAt(pos, Code.deprecatedMarker, `+${def.name} is deprecated`, def.deprecated));
    if (def.noEffect !== undefined)
      diagnostics.push(
        warningAt(
          at(0, name.length + 1),
          Code.markerHasNoEffect,
          `+${def.name} is accepted but has no effect: ${def.noEffect}`,
          NO_EFFECT_HINT,
        ),
      );
    return { def, name: def.name, value, raw, pos };
  } catch (e) {
    if (!(e instanceof MarkerSyntaxError)) throw e;
    const offset = e.offset === WHOLE ? 0 : payloadStart + e.offset;
    const length = e.offset === WHOLE ? raw.length : e.length;
    diagnostics.push(errorAt(at(offset, length), e.code, `+${def.name}: ${e.message}`, e.hint ?? syntaxHint(def)));
    return undefined;
  }
}

const NO_EFFECT_HINT = "controller-gen ignores it too; remove it, or keep it for Go's tools and ignore this warning";

/**
 * `:=` on a marker not documented with it, as controller-gen's parser takes it: the name's
 * trailing `:` is dropped, so a single value reads as after `=` (a warning, since nothing says
 * the spelling is meant), while named arguments then start with `=` and fail (an error).
 */
function colonEqualsProblem(def: MarkerDefinition, raw: string, colon: SourcePos): Diagnostic {
  const plain = raw.replace(/:=/, "=");
  if (def.payload.kind === "args")
    return errorAt(
      colon,
      Code.malformedValue,
      `+${def.name}: ':=' does not fit a marker with named arguments; controller-gen fails on it ("expected argument name")`,
      `write ${def.example}`,
    );
  return warningAt(
    colon,
    Code.colonEqualsSpelling,
    `${raw} is read as ${plain}: ':=' is +kubebuilder:default's spelling, and controller-gen reads it here as '=' too`,
    `write ${plain}`,
  );
}

/** A MarkerSyntaxError offset meaning "the whole marker" rather than a spot in the payload. */
const WHOLE = -1_000_000;

function parsePayload(def: MarkerDefinition, text: string, hasValue: boolean, leadingArg: string | undefined, written: string): unknown {
  const p: Payload = def.payload;
  switch (p.kind) {
    case "flag":
      if (hasValue) throw new MarkerSyntaxError(Code.malformedValue, "takes no value", -1, text.length + 1, `write +${def.name} alone`);
      return true;
    case "raw": {
      const sub = leadingArg !== undefined ? `${leadingArg}${hasValue ? "=" : ""}` : "";
      return hasValue || sub !== "" ? sub + text.trim() : undefined;
    }
    case "value":
      if (!hasValue) {
        if (p.optional) return p.type === "bool" ? true : undefined;
        throw new MarkerSyntaxError(
          Code.missingArgument,
          `missing value (expected ${typeLabel(p.type)})`,
          WHOLE,
          0,
          `write ${def.example}`,
        );
      }
      return parseValueText(text, p.type);
    case "args":
      if (leadingArg !== undefined && !hasValue) {
        throw new MarkerSyntaxError(Code.malformedValue, `expected '=' after +${written}`, WHOLE, 0, `write ${def.example}`);
      }
      return parseArgs(def, p.args, p.positional, text, leadingArg);
  }
}

function parseArgs(
  def: MarkerDefinition,
  specs: readonly ArgSpec[],
  positional: ArgSpec | undefined,
  text: string,
  leadingArg: string | undefined,
): Record<string, unknown> {
  const sc = new Scanner(text, Code.malformedValue);
  const values = new ValueParser(sc);
  const out: Record<string, unknown> = {};
  const given = new Set<string>();
  const put = (spec: ArgSpec, v: unknown) => {
    Object.defineProperty(out, spec.name, { value: v, enumerable: true, writable: true, configurable: true });
    given.add(spec.name);
  };
  let first = true;
  while (sc.peek().kind !== "eof" || (first && leadingArg !== undefined)) {
    let spec: ArgSpec | undefined;
    let nameTok: { start: number; end: number; value: string } | undefined;
    if (first && leadingArg !== undefined) {
      // The argument name is the marker name's last segment, just before the '='.
      nameTok = { start: -1 - leadingArg.length, end: -1, value: leadingArg };
    } else {
      const saved = sc.offset();
      const t = sc.next();
      const eq = sc.peek();
      if (t.kind === "word" && IDENT.test(t.value) && eq.kind === "punct" && eq.value === "=") {
        sc.next();
        nameTok = t;
      } else {
        sc.seek(saved);
        if (!(first && positional)) {
          const expected = specs.map((s) => s.name).join(", ");
          throw new MarkerSyntaxError(
            Code.malformedValue,
            `expected an argument name=value, got ${t.kind === "eof" ? "end of marker" : `'${text.slice(t.start, t.end)}'`}`,
            t.start,
            t.end - t.start,
            `arguments: ${expected}`,
          );
        }
        spec = positional;
      }
    }
    if (nameTok) {
      spec = specs.find((s) => s.name === nameTok.value);
      if (!spec) {
        const hint =
          didYouMean(
            closest(
              nameTok.value,
              specs.map((s) => s.name),
              1,
            ),
          ) ?? `arguments: ${specs.map((s) => s.name).join(", ")}`;
        throw new MarkerSyntaxError(
          Code.unknownArgument,
          `unknown argument ${JSON.stringify(nameTok.value)}`,
          nameTok.start,
          nameTok.end - nameTok.start,
          hint,
        );
      }
      if (given.has(spec.name)) {
        throw new MarkerSyntaxError(Code.malformedValue, `argument ${spec.name} given twice`, nameTok.start, nameTok.end - nameTok.start);
      }
    }
    first = false;
    put(spec!, values.parse(spec!.type, "arg"));
    const sep = sc.next();
    if (sep.kind === "eof") break;
    if (sep.kind !== "punct" || sep.value !== ",") {
      throw new MarkerSyntaxError(
        Code.malformedValue,
        `expected ',' between arguments, got '${text.slice(sep.start, sep.end)}'`,
        sep.start,
        sep.end - sep.start,
        "quote values that contain spaces or punctuation",
      );
    }
    if (sc.peek().kind === "eof") throw new MarkerSyntaxError(Code.malformedValue, "trailing ',' after the last argument", sep.start, 1);
  }
  const missing = [...(positional && !positional.optional ? [positional] : []), ...specs.filter((s) => !s.optional)].filter(
    (s) => !given.has(s.name),
  );
  if (missing.length > 0) {
    const names = missing.map((s) => s.name).join(", ");
    throw new MarkerSyntaxError(
      Code.missingArgument,
      `missing argument${missing.length > 1 ? "s" : ""} ${names}`,
      WHOLE,
      0,
      `write ${def.example}`,
    );
  }
  return out;
}

function joinTargets(targets: readonly MarkerTarget[]): string {
  const words = allTargets
    .filter((t) => targets.includes(t))
    .map((t) => (t === "package" ? "packages" : t === "type" ? "types" : "fields"));
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

function placementHint(targets: readonly MarkerTarget[]): string {
  const where: Record<MarkerTarget, string> = {
    package: "the leading comments of doc.ts",
    type: "the comments directly above a type declaration",
    field: "the comments directly above a property",
  };
  return `move it to ${allTargets
    .filter((t) => targets.includes(t))
    .map((t) => where[t])
    .join(" or ")}`;
}

function syntaxHint(def: MarkerDefinition): string {
  return `write ${def.example}`;
}
