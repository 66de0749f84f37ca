// The methods client-go's verbs give a typed client, as text: which names a verb takes (so an
// extension cannot reuse one) and the signature and ResourceClient call of a `+genclient:method=`
// extension that is a verb under another name. The verbs themselves are the runtime's TypedClient.

/** What a method is written from: the kind and list types and the runtime namespace alias. */
export interface MethodTypes {
  /** The kind's type name, e.g. `Foo`. */
  readonly t: string;
  /** Its list type, e.g. `FooList`. */
  readonly l: string;
  /** What its apply takes, e.g. `FooApplyConfiguration`. */
  readonly a: string;
  /** The runtime namespace alias, e.g. `runtime`. */
  readonly rt: string;
  /** The kind, for doc comments. */
  readonly kind: string;
}

/** One method: its doc comment, signature (without the name) and the ResourceClient call it returns. */
export interface MethodText {
  readonly doc: string;
  readonly typeParams?: string;
  readonly params: string;
  readonly returns: string;
  readonly call: string;
}

/** The methods a verb gives a client (`list` gives list, listAll and listAllItems), by name. */
export function verbMethods(verb: string, m: MethodTypes): [string, MethodText][] {
  const { t, l, a, rt, kind } = m;
  switch (verb) {
    case "create":
      return [
        [
          "create",
          {
            doc: `POST a new ${kind}.`,
            params: `obj: ${t}, options?: ${rt}.WriteOptions`,
            returns: `Promise<${t}>`,
            call: "create(obj, options)",
          },
        ],
      ];
    case "update":
      return [
        [
          "update",
          {
            doc: `PUT the ${kind} (a set metadata.resourceVersion makes it a compare-and-swap).`,
            params: `obj: ${t}, options?: ${rt}.WriteOptions`,
            returns: `Promise<${t}>`,
            call: "update(obj, options)",
          },
        ],
      ];
    case "updateStatus":
      return [
        [
          "updateStatus",
          {
            doc: `PUT the ${kind}'s status subresource.`,
            params: `obj: ${t}, options?: ${rt}.WriteOptions`,
            returns: `Promise<${t}>`,
            call: "updateStatus(obj, options)",
          },
        ],
      ];
    case "delete":
      return [
        [
          "delete",
          {
            doc: `DELETE one ${kind}: the object or a Status, as the server answers.`,
            params: `name: string, options?: ${rt}.DeleteOptions`,
            returns: `Promise<${t} | ${rt}.Status>`,
            call: "delete(name, options)",
          },
        ],
      ];
    case "deleteCollection":
      return [
        [
          "deleteCollection",
          {
            doc: `DELETE every matching ${kind}.`,
            params: `options?: ${rt}.DeleteOptions & ${rt}.ListOptions`,
            returns: `Promise<${l} | ${rt}.Status>`,
            call: "deleteCollection(options)",
          },
        ],
      ];
    case "get":
      return [
        [
          "get",
          {
            doc: `GET one ${kind}.`,
            params: `name: string, options?: ${rt}.GetOptions`,
            returns: `Promise<${t}>`,
            call: "get(name, options)",
          },
        ],
      ];
    case "list":
      return [
        [
          "list",
          {
            doc: `LIST one page of ${kind} objects (or all, without a limit).`,
            params: `options?: ${rt}.ListOptions`,
            returns: `Promise<${l}>`,
            call: "list(options)",
          },
        ],
        [
          "listAll",
          {
            doc: `Every matching ${kind}, paged with limit and continue tokens.`,
            params: `options?: ${rt}.ListOptions`,
            returns: `AsyncGenerator<${t}, void, undefined>`,
            call: "listAll(options)",
          },
        ],
        [
          "listAllItems",
          {
            doc: `Every matching ${kind}, collected into an array.`,
            params: `options?: ${rt}.ListOptions`,
            returns: `Promise<${t}[]>`,
            call: "listAllItems(options)",
          },
        ],
      ];
    case "watch":
      return [
        [
          "watch",
          {
            doc: `WATCH ${kind} objects: an async iterator of events, ended by options.signal; ERROR events throw ApiError.`,
            params: `options?: ${rt}.WatchOptions`,
            returns: `AsyncGenerator<${rt}.WatchEvent<${t}>, void, undefined>`,
            call: "watch(options)",
          },
        ],
      ];
    case "patch":
      return [
        [
          "patch",
          {
            doc: `PATCH a ${kind} with a merge, JSON or strategic-merge patch.`,
            typeParams: `<P extends ${rt}.PatchType>`,
            params: `name: string, type: P, patch: ${rt}.PatchBody<P>, options?: ${rt}.PatchOptions`,
            returns: `Promise<${t}>`,
            call: "patch(name, type, patch, options)",
          },
        ],
      ];
    case "apply":
      return [
        [
          "apply",
          {
            doc: `Server-side apply of a ${kind} configuration under options.fieldManager.`,
            params: `config: ${a}, options: ${rt}.ApplyOptions`,
            returns: `Promise<${t}>`,
            call: "apply(config, options)",
          },
        ],
      ];
    case "applyStatus":
      return [
        [
          "applyStatus",
          {
            doc: `Server-side apply to the ${kind}'s status subresource.`,
            params: `config: ${a}, options: ${rt}.ApplyOptions`,
            returns: `Promise<${t}>`,
            call: "applyStatus(config, options)",
          },
        ],
      ];
    default:
      return [];
  }
}
