// Paging through a LIST with limit and continue, as client-go's pager does: one page in memory at
// a time, each page's continue token sent with the next request until the server gives none.
// Collecting every page (listAllPages) also has the pager's FullListIfExpired fallback: a continue
// token can expire midway (410 Expired, after the server compacts), and then the pages read so far
// are dropped and one unpaged list is made, so the result is still one consistent snapshot.
import { isResourceExpired } from "../core/api-error.js";
import type { ListOptions } from "./options.js";
import type { ObjectList } from "./object-types.js";

/** The page size listAll uses when the caller names none (client-go's pager default). */
export const DEFAULT_PAGE_SIZE = 500;

/** Every item of a list and the resourceVersion of the snapshot they were read at. */
export interface CollectedList<T> {
  items: T[];
  /** The resourceVersion of the list (the first page's, or the fallback list's). */
  resourceVersion: string | undefined;
  /** True when a continue token expired and the items come from one unpaged list instead. */
  fellBackToFullList: boolean;
}

function withLimit(options: ListOptions): ListOptions {
  return { ...options, limit: options.limit ?? DEFAULT_PAGE_SIZE };
}

// The continue token carries the snapshot; resourceVersion must not be sent beside it.
function nextPage(opts: ListOptions, token: string): void {
  opts.continue = token;
  delete opts.resourceVersion;
  delete opts.resourceVersionMatch;
}

/** Yields every item of every page `listPage` returns, following continue tokens. */
export async function* pageItems<T>(
  listPage: (o: ListOptions) => Promise<ObjectList<T>>,
  options: ListOptions = {},
): AsyncGenerator<T, void, undefined> {
  const opts = withLimit(options);
  for (;;) {
    const page = await listPage(opts);
    yield* page.items ?? [];
    const next = page.metadata?.continue;
    if (!next) return;
    nextPage(opts, next);
  }
}

/** Every page collected, with a full unpaged list when a continue token expires midway. */
export async function listAllPages<T>(
  listPage: (o: ListOptions) => Promise<ObjectList<T>>,
  options: ListOptions = {},
): Promise<CollectedList<T>> {
  const opts = withLimit(options);
  const items: T[] = [];
  let resourceVersion: string | undefined;
  for (;;) {
    let page: ObjectList<T>;
    try {
      page = await listPage(opts);
    } catch (err) {
      // Only an expired continuation falls back; a first page refused is the caller's to handle.
      if (opts.continue === undefined || !isResourceExpired(err)) throw err;
      const full: ListOptions = { ...options };
      delete full.limit;
      delete full.continue;
      const list = await listPage(full);
      return { items: [...(list.items ?? [])], resourceVersion: list.metadata?.resourceVersion, fellBackToFullList: true };
    }
    resourceVersion ??= page.metadata?.resourceVersion;
    for (const item of page.items ?? []) items.push(item);
    const next = page.metadata?.continue;
    if (!next) return { items, resourceVersion, fellBackToFullList: false };
    nextPage(opts, next);
  }
}
