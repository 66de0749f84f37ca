// Boolean query parameters read as the server's parameter codec reads them: present with any value other
// than "0" or "false" (any case) is true, so watch=True (as some clients send) and a bare ?watch are true.

/** The parameter's value as a bool, or undefined when it is absent. */
export function queryBool(query: URLSearchParams, name: string): boolean | undefined {
  const v = query.get(name);
  if (v === null) return undefined;
  return !(v === "0" || v.toLowerCase() === "false");
}
