import { Node, Project, SyntaxKind, ts, type SourceFile, type TypeNode, type TypeElementTypes } from "ts-morph";
import { Code, errorAt, LineMap, MAX_NESTING_DEPTH, type Diagnostic } from "../diagnostics/index.js";
import type { DeclSyntax, ImportSyntax, ParsedFile, PropSyntax, TypeExpr } from "./syntax.js";

/** Creates the ts-morph project used for parsing; no type checking happens, only syntax. */
export function createParser(): Project {
  return new Project({
    useInMemoryFileSystem: true,
    skipAddingFilesFromTsConfig: true,
    compilerOptions: { target: ts.ScriptTarget.ES2022, noResolve: true, noLib: true },
  });
}

/** Parses one file into plain syntax; `display` is the path diagnostics print. */
export function parseFile(project: Project, rel: string, display: string, text: string): ParsedFile {
  const lines = new LineMap(text, display);
  // The TypeScript parser and binder are recursive: some 500 nested type literals exhaust Node's
  // stack (how many depends on the JIT's state). Brackets nested past MAX_NESTING_DEPTH are
  // refused before parsing, so the answer is the same on every run; a RangeError that still
  // escapes (`Array<` nested as deep, say) is the same error at the file's start.
  const deep = deepBracket(text);
  if (deep !== undefined) return { imports: [], decls: [], diagnostics: [tooDeepForParser(deep, lines)], unparsed: true };
  try {
    return parseChecked(project, rel, text, lines);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return { imports: [], decls: [], diagnostics: [tooDeepForParser(undefined, lines)], unparsed: true };
  }
}

function parseChecked(project: Project, rel: string, text: string, lines: LineMap): ParsedFile {
  const sf = project.createSourceFile(`/${rel}`, text, { overwrite: true });
  const syntaxErrors = project.getProgram().compilerObject.getSyntacticDiagnostics(sf.compilerNode);
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

class FileParser {
  private readonly diagnostics: Diagnostic[] = [];
  /** Type nodes open around the one being read; see type(). */
  private depth = 0;
  private reportedTooDeep = false;

  constructor(
    private readonly sf: SourceFile,
    private readonly lines: LineMap,
  ) {}

  run(): ParsedFile {
    const imports: ImportSyntax[] = [];
    const decls: DeclSyntax[] = [];
    for (const st of this.sf.getStatements()) {
      if (Node.isImportDeclaration(st)) {
        const names = new Map<string, string>();
        for (const n of st.getNamedImports()) names.set(n.getAliasNode()?.getText() ?? n.getName(), n.getName());
        const ns = st.getNamespaceImport()?.getText();
        imports.push({ module: st.getModuleSpecifierValue(), names, ...(ns ? { namespace: ns } : {}), pos: this.at(st) });
      } else if (Node.isInterfaceDeclaration(st)) {
        decls.push({
          ...this.declBase(st, "interface", st.getName(), st.isExported(), st.getTypeParameters().length),
          extends: st.getExtends().map((e) => this.typeOfHeritage(e)),
          members: this.props(st.getMembers()),
          ...this.indexOf(st.getMembers()),
        });
      } else if (Node.isTypeAliasDeclaration(st)) {
        const t = st.getTypeNodeOrThrow();
        const base = this.declBase(st, "alias", st.getName(), st.isExported(), st.getTypeParameters().length);
        if (Node.isTypeLiteral(t)) {
          decls.push({ ...base, extends: [], members: this.props(t.getMembers()), ...this.indexOf(t.getMembers()) });
        } else {
          decls.push({ ...base, extends: [], members: [], aliasOf: this.type(t) });
        }
      } else if (Node.isEnumDeclaration(st)) {
        decls.push({
          ...this.declBase(st, "enum", st.getName(), st.isExported(), 0),
          extends: [],
          members: [],
          enumMembers: st.getMembers().map((m) => ({ name: m.getName(), value: enumValue(m.getInitializer()) })),
        });
      } else if (Node.isClassDeclaration(st)) {
        decls.push({ ...this.declBase(st, "class", st.getName() ?? "(anonymous)", st.isExported(), 0), extends: [], members: [] });
      } else if (Node.isFunctionDeclaration(st)) {
        decls.push({
          ...this.declBase(st, "function", st.getName() ?? "(anonymous)", st.isExported(), st.getTypeParameters().length),
          extends: [],
          members: [],
          params: st.getParameters().map((p) => p.getTypeNode()?.getText() ?? "any"),
          returns: st.getReturnTypeNode()?.getText() ?? "",
        });
      } else if (Node.isVariableStatement(st)) {
        for (const d of st.getDeclarations()) {
          const init = d.getInitializer();
          const fn = init && (Node.isArrowFunction(init) || Node.isFunctionExpression(init)) ? init : undefined;
          decls.push({
            ...this.declBase(st, fn ? "function" : "variable", d.getName(), st.isExported(), 0),
            extends: [],
            members: [],
            ...(fn
              ? {
                  params: fn.getParameters().map((p) => p.getTypeNode()?.getText() ?? "any"),
                  returns: fn.getReturnTypeNode()?.getText() ?? "",
                }
              : {}),
          });
        }
      }
    }
    return { imports, decls, diagnostics: this.diagnostics };
  }

  private declBase(node: Node, kind: DeclSyntax["kind"], name: string, exported: boolean, typeParams: number) {
    const nameNode = (node as Node & { getNameNode?: () => Node | undefined }).getNameNode?.();
    if ((node as Node & { isDefaultExport?: () => boolean }).isDefaultExport?.() && kind !== "variable") {
      this.diagnostics.push(
        errorAt(
          this.at(nameNode ?? node),
          Code.defaultExport,
          `default export of ${name} is not supported`,
          "use a named export (`export interface X`): generated code imports types by name",
        ),
      );
    }
    return { kind, name, exported, typeParams, pos: this.at(nameNode ?? node), offset: node.getStart() };
  }

  private props(members: TypeElementTypes[]): PropSyntax[] {
    const out: PropSyntax[] = [];
    for (const m of members) {
      if (Node.isPropertySignature(m)) {
        const t = m.getTypeNode();
        const nameNode = m.getNameNode();
        if (Node.isComputedPropertyName(nameNode)) {
          this.diagnostics.push(
            errorAt(
              this.at(nameNode),
              Code.computedPropertyName,
              `computed property name ${nameNode.getText()} is not supported in API types`,
              "property names are the JSON names: write them out, quoted if needed",
            ),
          );
          continue;
        }
        const name =
          Node.isStringLiteral(nameNode) || Node.isNoSubstitutionTemplateLiteral(nameNode)
            ? nameNode.getLiteralValue()
            : Node.isNumericLiteral(nameNode)
              ? String(nameNode.getLiteralValue())
              : nameNode.getText();
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
          optional: m.hasQuestionToken(),
          type: t ? this.type(t) : { k: "keyword", name: "any", text: "any", pos: this.at(m) },
          pos: this.at(m.getNameNode()),
          offset: m.getStart(),
        });
      } else if (Node.isGetAccessorDeclaration(m) || Node.isSetAccessorDeclaration(m)) {
        this.diagnostics.push(
          errorAt(
            this.at(m),
            Code.unsupportedType,
            `accessor ${m.getName()} is not supported in API types`,
            "API types are plain data: declare a property",
          ),
        );
      } else if (Node.isMethodSignature(m)) {
        out.push({
          name: m.getName(),
          optional: m.hasQuestionToken(),
          type: { k: "unsupported", what: "function", text: m.getText(), pos: this.at(m) },
          pos: this.at(m),
          offset: m.getStart(),
        });
      }
    }
    return out;
  }

  private indexOf(members: TypeElementTypes[]): { index?: TypeExpr } {
    const idx = members.find((m) => Node.isIndexSignatureDeclaration(m));
    if (!idx || !Node.isIndexSignatureDeclaration(idx)) return {};
    const rt = idx.getReturnTypeNode();
    return { index: rt ? this.type(rt) : { k: "keyword", name: "any", text: "any", pos: this.at(idx) } };
  }

  private typeOfHeritage(e: Node): TypeExpr {
    if (Node.isExpressionWithTypeArguments(e)) {
      return { k: "ref", name: e.getExpression().getText(), args: e.getTypeArguments().map((a) => this.type(a)), pos: this.at(e) };
    }
    return { k: "unsupported", what: "other", text: e.getText(), pos: this.at(e) };
  }

  /**
   * A type as written, refused past MAX_NESTING_DEPTH levels (once per file) with KCG1215, so
   * that no later walk of the type recurses into Node's stack limit.
   */
  private type(t: TypeNode): TypeExpr {
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

  private typeAt(t: TypeNode): TypeExpr {
    const pos = this.at(t);
    const text = t.getText();
    switch (t.getKind()) {
      case SyntaxKind.StringKeyword:
        return { k: "keyword", name: "string", text, pos };
      case SyntaxKind.NumberKeyword:
        return { k: "keyword", name: "number", text, pos };
      case SyntaxKind.BooleanKeyword:
        return { k: "keyword", name: "boolean", text, pos };
      case SyntaxKind.UnknownKeyword:
        return { k: "keyword", name: "unknown", text, pos };
      case SyntaxKind.AnyKeyword:
        return { k: "keyword", name: "any", text, pos };
      case SyntaxKind.UndefinedKeyword:
        return { k: "keyword", name: "undefined", text, pos };
      case SyntaxKind.ParenthesizedType:
        return this.type((t as TypeNode & { getTypeNode(): TypeNode }).getTypeNode());
      case SyntaxKind.TypeOperator: {
        // `readonly T[]` is an array; `keyof T` and `unique symbol` are not in the dialect.
        const op = t.asKindOrThrow(SyntaxKind.TypeOperator);
        if (op.getOperator() === SyntaxKind.ReadonlyKeyword) return this.type(op.getTypeNode());
        return { k: "unsupported", what: "keyof", text, pos };
      }
    }
    if (Node.isLiteralTypeNode(t)) {
      const lit = t.getLiteral();
      if (Node.isNullLiteral(lit)) return { k: "keyword", name: "null", text, pos };
      const v = literalValue(lit);
      return v === undefined ? { k: "unsupported", what: "other", text, pos } : { k: "literal", value: v, pos };
    }
    if (Node.isArrayTypeNode(t)) return { k: "array", elem: this.type(t.getElementTypeNode()), pos };
    if (Node.isUnionTypeNode(t)) return { k: "union", members: t.getTypeNodes().map((m) => this.type(m)), pos };
    if (Node.isTypeReference(t)) {
      return { k: "ref", name: t.getTypeName().getText(), args: t.getTypeArguments().map((a) => this.type(a)), pos };
    }
    if (Node.isTypeLiteral(t)) return { k: "object", members: this.props(t.getMembers()), ...this.indexOf(t.getMembers()), pos };
    if (Node.isTupleTypeNode(t)) return { k: "unsupported", what: "tuple", text, pos };
    if (Node.isFunctionTypeNode(t) || Node.isConstructorTypeNode(t)) return { k: "unsupported", what: "function", text, pos };
    if (Node.isIntersectionTypeNode(t)) return { k: "unsupported", what: "intersection", text, pos };
    if (Node.isConditionalTypeNode(t)) return { k: "unsupported", what: "conditional", text, pos };
    if (Node.isMappedTypeNode(t)) return { k: "unsupported", what: "mapped", text, pos };
    if (Node.isTypeQuery(t)) return { k: "unsupported", what: "typeof", text, pos };
    if (Node.isTemplateLiteralTypeNode(t)) return { k: "unsupported", what: "template", text, pos };
    return { k: "keyword", name: "other", text, pos };
  }

  private at(n: Node) {
    const start = n.getStart();
    return this.lines.pos(start, Math.max(1, Math.min(n.getEnd() - start, n.getText().split("\n")[0]?.length ?? 1)));
  }
}

function literalValue(n: Node | undefined): string | number | boolean | undefined {
  if (!n) return undefined;
  if (Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n)) return n.getLiteralValue();
  if (Node.isNumericLiteral(n)) return n.getLiteralValue();
  if (Node.isPrefixUnaryExpression(n) && n.getOperatorToken() === SyntaxKind.MinusToken) {
    const v = literalValue(n.getOperand());
    return typeof v === "number" ? -v : undefined;
  }
  if (n.getKind() === SyntaxKind.TrueKeyword) return true;
  if (n.getKind() === SyntaxKind.FalseKeyword) return false;
  return undefined;
}

function enumValue(n: Node | undefined): string | number | undefined {
  const v = literalValue(n);
  return typeof v === "boolean" ? undefined : v;
}
