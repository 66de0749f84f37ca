import type TS from "typescript";
import { Code, errorAt, LineMap, MAX_NESTING_DEPTH, type Diagnostic } from "../diagnostics/index.js";
import type { DeclSyntax, ImportSyntax, ParsedFile, PropSyntax, TypeExpr } from "./syntax.js";
import { typescript } from "./typescript.js";

// Loaded when this module is (the cached load stage imports it only on a miss), with the code cache
// when the run enabled one.
const ts = typescript();
const SK = ts.SyntaxKind;

/** Parses one file into plain syntax; `display` is the path diagnostics print. */
export function parseFile(rel: string, display: string, text: string): ParsedFile {
  const lines = new LineMap(text, display);
  // The TypeScript parser and binder are recursive: some 500 nested type literals exhaust Node's
  // stack (how many depends on the JIT's state). Brackets nested past MAX_NESTING_DEPTH are
  // refused before parsing, so the answer is the same on every run; a RangeError that still
  // escapes (`Array<` nested as deep, say) is the same error at the file's start.
  const deep = deepBracket(text);
  if (deep !== undefined) return { imports: [], decls: [], diagnostics: [tooDeepForParser(deep, lines)], unparsed: true };
  try {
    return parseChecked(rel, text, lines);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return { imports: [], decls: [], diagnostics: [tooDeepForParser(undefined, lines)], unparsed: true };
  }
}

function parseChecked(rel: string, text: string, lines: LineMap): ParsedFile {
  // The parser alone: no program, no binder, no checker. Only syntax is read (the model resolves
  // names itself), and a program per file was most of the load stage's time.
  const sf = ts.createSourceFile(`/${rel}`, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  // The parser's own diagnostics: what a program's getSyntacticDiagnostics answers for a .ts file.
  const syntaxErrors = (sf as TS.SourceFile & { readonly parseDiagnostics?: readonly TS.Diagnostic[] }).parseDiagnostics ?? [];
  if (syntaxErrors.length > 0) {
    // Only the first error: the parser's recovery turns one mistake into several follow-on errors.
    const d = syntaxErrors[0]!;
    return {
      imports: [],
      decls: [],
      diagnostics: [
        errorAt(
          lines.pos(d.start ?? 0, d.length),
          Code.syntaxError,
          `TypeScript syntax error: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
          "fix the syntax here; the file's types are not read until it parses (tsc reports the same error)",
        ),
      ],
      unparsed: true,
    };
  }
  return new FileParser(sf, lines).run();
}

/** KCG1215 at the first bracket nested deeper than MAX_NESTING_DEPTH, or at the file's start. */
function tooDeepForParser(at: number | undefined, lines: LineMap): Diagnostic {
  return errorAt(
    lines.pos(at ?? 0, 1),
    Code.typeTooDeep,
    at === undefined
      ? "this file nests too deeply for the TypeScript parser, which ran out of stack"
      : `brackets nest deeper than ${MAX_NESTING_DEPTH} levels here; the file is not parsed`,
    "declare named types for the inner levels",
  );
}

/** The offset of the first `(`, `[` or `{` nested deeper than MAX_NESTING_DEPTH outside comments and strings. */
function deepBracket(text: string): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "/" && text[i + 1] === "/") i = endOf(text, "\n", i + 2);
    else if (c === "/" && text[i + 1] === "*") i = endOf(text, "*/", i + 2) + 1;
    else if (c === '"' || c === "'" || c === "`") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === "\\") i++;
    } else if (c === "(" || c === "[" || c === "{") {
      if (++depth > MAX_NESTING_DEPTH) return i;
    } else if ((c === ")" || c === "]" || c === "}") && depth > 0) depth--;
  }
  return undefined;
}

function endOf(text: string, close: string, from: number): number {
  const j = text.indexOf(close, from);
  return j < 0 ? text.length : j;
}

type TypeElement = TS.TypeElement;

const hasModifier = (n: TS.Node, kind: TS.SyntaxKind): boolean =>
  ts.canHaveModifiers(n) && (ts.getModifiers(n)?.some((m) => m.kind === kind) ?? false);

/** The text of a property or member name as written: an identifier's name, a literal's source text. */
const nameText = (n: TS.Node, sf: TS.SourceFile): string => (ts.isIdentifier(n) ? n.text : n.getText(sf));

class FileParser {
  private readonly diagnostics: Diagnostic[] = [];
  /** Type nodes open around the one being read; see type(). */
  private depth = 0;
  private reportedTooDeep = false;
  /** Local names exported by `export { X }` (and so exported, as an export keyword would). */
  private readonly exportedNames = new Set<string>();
  /** Local names exported as the default, by `export default X` or `export { X as default }`. */
  private readonly defaultNames = new Set<string>();

  constructor(
    private readonly sf: TS.SourceFile,
    private readonly lines: LineMap,
  ) {
    for (const st of sf.statements) {
      if (ts.isExportAssignment(st) && !st.isExportEquals && ts.isIdentifier(st.expression)) this.defaultNames.add(st.expression.text);
      if (ts.isExportDeclaration(st) && !st.moduleSpecifier && st.exportClause && ts.isNamedExports(st.exportClause)) {
        for (const e of st.exportClause.elements) {
          const local = (e.propertyName ?? e.name).text;
          this.exportedNames.add(local);
          if (e.name.text === "default") this.defaultNames.add(local);
        }
      }
    }
  }

  run(): ParsedFile {
    const imports: ImportSyntax[] = [];
    const decls: DeclSyntax[] = [];
    for (const st of this.sf.statements) {
      if (ts.isImportDeclaration(st)) {
        const names = new Map<string, string>();
        const bindings = st.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings))
          for (const n of bindings.elements) names.set(n.name.text, (n.propertyName ?? n.name).text);
        const ns = bindings && ts.isNamespaceImport(bindings) ? bindings.name.text : undefined;
        const module = ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : st.moduleSpecifier.getText(this.sf);
        imports.push({ module, names, ...(ns ? { namespace: ns } : {}), pos: this.at(st) });
      } else if (ts.isInterfaceDeclaration(st)) {
        const ext = st.heritageClauses?.filter((h) => h.token === SK.ExtendsKeyword).flatMap((h) => [...h.types]) ?? [];
        decls.push({
          ...this.declBase(st, "interface", st.name, st.typeParameters?.length ?? 0),
          extends: ext.map((e) => this.typeOfHeritage(e)),
          members: this.props(st.members),
          ...this.indexOf(st.members),
        });
      } else if (ts.isTypeAliasDeclaration(st)) {
        const t = st.type;
        const base = this.declBase(st, "alias", st.name, st.typeParameters?.length ?? 0);
        if (ts.isTypeLiteralNode(t)) {
          decls.push({ ...base, extends: [], members: this.props(t.members), ...this.indexOf(t.members) });
        } else {
          decls.push({ ...base, extends: [], members: [], aliasOf: this.type(t) });
        }
      } else if (ts.isEnumDeclaration(st)) {
        decls.push({
          ...this.declBase(st, "enum", st.name, 0),
          extends: [],
          members: [],
          enumMembers: st.members.map((m) => ({ name: m.name.getText(this.sf), value: enumValue(m.initializer) })),
        });
      } else if (ts.isClassDeclaration(st)) {
        decls.push({ ...this.declBase(st, "class", st.name, 0), extends: [], members: [] });
      } else if (ts.isFunctionDeclaration(st)) {
        decls.push({
          ...this.declBase(st, "function", st.name, st.typeParameters?.length ?? 0),
          extends: [],
          members: [],
          params: st.parameters.map((p) => p.type?.getText(this.sf) ?? "any"),
          returns: st.type?.getText(this.sf) ?? "",
        });
      } else if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) {
          const init = d.initializer;
          const fn = init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) ? init : undefined;
          const name = d.name.getText(this.sf);
          decls.push({
            kind: fn ? "function" : "variable",
            name,
            exported: this.isExported(st, name),
            typeParams: 0,
            pos: this.at(st),
            offset: st.getStart(this.sf),
            extends: [],
            members: [],
            ...(fn
              ? {
                  params: fn.parameters.map((p) => p.type?.getText(this.sf) ?? "any"),
                  returns: fn.type?.getText(this.sf) ?? "",
                }
              : {}),
          });
        }
      }
    }
    return { imports, decls, diagnostics: this.diagnostics };
  }

  private isExported(node: TS.Node, name: string): boolean {
    return hasModifier(node, SK.ExportKeyword) || this.exportedNames.has(name) || this.defaultNames.has(name);
  }

  private declBase(
    node: TS.DeclarationStatement | TS.ClassDeclaration,
    kind: DeclSyntax["kind"],
    nameNode: TS.Identifier | undefined,
    typeParams: number,
  ) {
    const name = nameNode?.text ?? "(anonymous)";
    const isDefault =
      (hasModifier(node, SK.ExportKeyword) && hasModifier(node, SK.DefaultKeyword)) ||
      (nameNode !== undefined && this.defaultNames.has(name));
    if (isDefault) {
      this.diagnostics.push(
        errorAt(
          this.at(nameNode ?? node),
          Code.defaultExport,
          `default export of ${name} is not supported`,
          "use a named export (`export interface X`): generated code imports types by name",
        ),
      );
    }
    return {
      kind,
      name,
      exported: this.isExported(node, name),
      typeParams,
      pos: this.at(nameNode ?? node),
      offset: node.getStart(this.sf),
    };
  }

  private props(members: readonly TypeElement[]): PropSyntax[] {
    const out: PropSyntax[] = [];
    for (const m of members) {
      if (ts.isPropertySignature(m)) {
        const t = m.type;
        const nameNode = m.name;
        if (ts.isComputedPropertyName(nameNode)) {
          this.diagnostics.push(
            errorAt(
              this.at(nameNode),
              Code.computedPropertyName,
              `computed property name ${nameNode.getText(this.sf)} is not supported in API types`,
              "property names are the JSON names: write them out, quoted if needed",
            ),
          );
          continue;
        }
        const name =
          ts.isStringLiteral(nameNode) || ts.isNoSubstitutionTemplateLiteral(nameNode)
            ? nameNode.text
            : ts.isNumericLiteral(nameNode)
              ? String(numericValue(nameNode))
              : nameNode.getText(this.sf);
        if (name === "__proto__") {
          this.diagnostics.push(
            errorAt(
              this.at(nameNode),
              Code.protoProperty,
              "a property named __proto__ is not supported in API types",
              "JavaScript gives this name a special meaning on plain objects; choose another JSON name",
            ),
          );
          continue;
        }
        out.push({
          name,
          optional: m.questionToken !== undefined,
          type: t ? this.type(t) : { k: "keyword", name: "any", text: "any", pos: this.at(m) },
          pos: this.at(nameNode),
          offset: m.getStart(this.sf),
        });
      } else if (ts.isGetAccessorDeclaration(m) || ts.isSetAccessorDeclaration(m)) {
        this.diagnostics.push(
          errorAt(
            this.at(m),
            Code.unsupportedType,
            `accessor ${nameText(m.name, this.sf)} is not supported in API types`,
            "API types are plain data: declare a property",
          ),
        );
      } else if (ts.isMethodSignature(m)) {
        out.push({
          name: nameText(m.name, this.sf),
          optional: m.questionToken !== undefined,
          type: { k: "unsupported", what: "function", text: m.getText(this.sf), pos: this.at(m) },
          pos: this.at(m),
          offset: m.getStart(this.sf),
        });
      }
    }
    return out;
  }

  private indexOf(members: readonly TypeElement[]): { index?: TypeExpr } {
    const idx = members.find((m) => ts.isIndexSignatureDeclaration(m));
    if (!idx || !ts.isIndexSignatureDeclaration(idx)) return {};
    const rt = idx.type;
    return { index: rt ? this.type(rt) : { k: "keyword", name: "any", text: "any", pos: this.at(idx) } };
  }

  private typeOfHeritage(e: TS.ExpressionWithTypeArguments): TypeExpr {
    return { k: "ref", name: e.expression.getText(this.sf), args: (e.typeArguments ?? []).map((a) => this.type(a)), pos: this.at(e) };
  }

  /**
   * A type as written, refused past MAX_NESTING_DEPTH levels (once per file) with KCG1215, so
   * that no later walk of the type recurses into Node's stack limit.
   */
  private type(t: TS.TypeNode): TypeExpr {
    if (this.depth >= MAX_NESTING_DEPTH) {
      const pos = this.at(t);
      if (!this.reportedTooDeep) {
        this.reportedTooDeep = true;
        this.diagnostics.push(
          errorAt(pos, Code.typeTooDeep, `type nested deeper than ${MAX_NESTING_DEPTH} levels`, "declare named types for the inner levels"),
        );
      }
      return { k: "reported", pos };
    }
    this.depth++;
    try {
      return this.typeAt(t);
    } finally {
      this.depth--;
    }
  }

  private typeAt(t: TS.TypeNode): TypeExpr {
    const pos = this.at(t);
    const text = t.getText(this.sf);
    switch (t.kind) {
      case SK.StringKeyword:
        return { k: "keyword", name: "string", text, pos };
      case SK.NumberKeyword:
        return { k: "keyword", name: "number", text, pos };
      case SK.BooleanKeyword:
        return { k: "keyword", name: "boolean", text, pos };
      case SK.UnknownKeyword:
        return { k: "keyword", name: "unknown", text, pos };
      case SK.AnyKeyword:
        return { k: "keyword", name: "any", text, pos };
      case SK.UndefinedKeyword:
        return { k: "keyword", name: "undefined", text, pos };
    }
    if (ts.isParenthesizedTypeNode(t)) return this.type(t.type);
    // `readonly T[]` is an array; `keyof T` and `unique symbol` are not in the dialect.
    if (ts.isTypeOperatorNode(t))
      return t.operator === SK.ReadonlyKeyword ? this.type(t.type) : { k: "unsupported", what: "keyof", text, pos };
    if (ts.isLiteralTypeNode(t)) {
      const lit = t.literal;
      if (lit.kind === SK.NullKeyword) return { k: "keyword", name: "null", text, pos };
      const v = literalValue(lit);
      return v === undefined ? { k: "unsupported", what: "other", text, pos } : { k: "literal", value: v, pos };
    }
    if (ts.isArrayTypeNode(t)) return { k: "array", elem: this.type(t.elementType), pos };
    if (ts.isUnionTypeNode(t)) return { k: "union", members: t.types.map((m) => this.type(m)), pos };
    if (ts.isTypeReferenceNode(t)) {
      return { k: "ref", name: t.typeName.getText(this.sf), args: (t.typeArguments ?? []).map((a) => this.type(a)), pos };
    }
    if (ts.isTypeLiteralNode(t)) return { k: "object", members: this.props(t.members), ...this.indexOf(t.members), pos };
    if (ts.isTupleTypeNode(t)) return { k: "unsupported", what: "tuple", text, pos };
    if (ts.isFunctionTypeNode(t) || ts.isConstructorTypeNode(t)) return { k: "unsupported", what: "function", text, pos };
    if (ts.isIntersectionTypeNode(t)) return { k: "unsupported", what: "intersection", text, pos };
    if (ts.isConditionalTypeNode(t)) return { k: "unsupported", what: "conditional", text, pos };
    if (ts.isMappedTypeNode(t)) return { k: "unsupported", what: "mapped", text, pos };
    if (ts.isTypeQueryNode(t)) return { k: "unsupported", what: "typeof", text, pos };
    if (ts.isTemplateLiteralTypeNode(t)) return { k: "unsupported", what: "template", text, pos };
    return { k: "keyword", name: "other", text, pos };
  }

  private at(n: TS.Node) {
    const start = n.getStart(this.sf);
    return this.lines.pos(start, Math.max(1, Math.min(n.getEnd() - start, n.getText(this.sf).split("\n")[0]?.length ?? 1)));
  }
}

/** A numeric literal's value: the parser's normalised text, read as a float when it has a point (as the parser built on ts-morph read it). */
function numericValue(n: TS.NumericLiteral): number {
  return n.text.includes(".") ? parseFloat(n.text) : parseInt(n.text, 10);
}

function literalValue(n: TS.Node | undefined): string | number | boolean | undefined {
  if (!n) return undefined;
  if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return n.text;
  if (ts.isNumericLiteral(n)) return numericValue(n);
  if (ts.isPrefixUnaryExpression(n) && n.operator === SK.MinusToken) {
    const v = literalValue(n.operand);
    return typeof v === "number" ? -v : undefined;
  }
  if (n.kind === SK.TrueKeyword) return true;
  if (n.kind === SK.FalseKeyword) return false;
  return undefined;
}

function enumValue(n: TS.Node | undefined): string | number | undefined {
  const v = literalValue(n);
  return typeof v === "boolean" ? undefined : v;
}
