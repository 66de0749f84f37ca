// Paging through a LIST with limit and continue, as client-go's pager does: one page in memory at
// a time, each page's continue token sent with the next request until the server gives none.
import type { ListOptions } from "./options.js";
import type { ObjectList } from "./object-types.js";

/** The page size listAll uses when the caller names none (client-go's pager default). */
export const DEFAULT_PAGE_SIZE = 500;

/** Yields every item of every page `listPage` returns, following continue tokens. */
export async function* pageItems<T>(
  listPage: (o: ListOptions) => Promise<ObjectList<T>>,
  options: ListOptions = {},
): AsyncGenerator<T, void, undefined> {
  const opts: ListOptions = { ...options, limit: options.limit ?? DEFAULT_PAGE_SIZE };
  for (;;) {
    const page = await listPage(opts);
    yield* page.items ?? [];
    const next = page.metadata?.continue;
    if (!next) return;
    // The continue token carries the snapshot; resourceVersion must not be sent beside it.
    opts.continue = next;
    delete opts.resourceVersion;
    delete opts.resourceVersionMatch;
  }
}
