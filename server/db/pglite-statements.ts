// Named statements on the embedded database (decision 0160). PGlite's `query()` sends every statement
// unnamed: Postgres parses, analyses and plans it again on every call, in WebAssembly on the event loop (about
// 0.9 ms of a 2.5 ms demo-size search). On a Postgres server postgres-js names each statement once per
// connection; this does the same for PGlite's one connection: a statement text seen again is parsed once as a
// named statement, and later calls only bind and execute it, so Postgres's plan cache applies as on a server.
import { messages, parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

export interface NamedStatementOptions {
  /** Named statements kept at most (the least recently used one is closed). */
  max?: number;
  /** A text is named from its `after`-th call (a one-off statement stays unnamed). */
  after?: number;
}

/**
 * Longer texts stay unnamed: they are bulk writes (a CSV import's multi-row insert), where planning is a small
 * part of the work, and keeping them would hold megabytes of text.
 */
const MAX_NAMED_TEXT = 32_768;

/** Errors after which a named statement is dropped and the call retried unnamed once (its tables changed shape). */
const STALE_STATEMENT = new Set([
  '0A000', // cached plan must not change result type
  '26000', // prepared statement does not exist
]);

/** What `client.query` gives a caller, with the statement and values on the error as PGlite adds them. */
function withQuery(e: unknown, query: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (e instanceof messages.DatabaseError) Object.assign(e, { query, params, queryOptions: options });
  return e;
}

/**
 * `client` with `query` running repeated statements as named ones. Every other method is the client's own.
 * Calls take the client's transaction and query locks, as `query` does: a named call never runs inside another
 * caller's transaction. Statements inside a transaction (`client.transaction(tx => tx.query(...))`) and calls
 * with a blob (COPY) stay unnamed.
 */
export function withNamedStatements(client: PGlite, o: NamedStatementOptions = {}): PGlite {
  const max = o.max ?? 256;
  const after = o.after ?? 2;
  /** Calls per text not yet named (cleared when it grows past a bound: one-off texts are many). */
  const seen = new Map<string, number>();
  let seenChars = 0;
  /** Named statements by text, least recently used first. */
  const named = new Map<string, { name: string; types: number[] }>();
  let counter = 0;

  async function runNamed<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T> | null> {
    // As PGlite's own query: notices go to the caller's onNotice; the file system is synced once, at the end.
    const send = (message: Uint8Array) => client.execProtocolStream(message, { ...options, syncToFs: false });
    const results: BackendMessage[] = [];
    let stmt = named.get(text);
    let stale: typeof stmt;
    try {
      if (stmt) {
        named.delete(text);
        named.set(text, stmt);
      } else {
        if (named.size >= max) {
          const [oldText, oldest] = named.entries().next().value!;
          named.delete(oldText);
          await send(protocol.serialize.close({ type: 'S', name: oldest.name }));
        }
        const name = `pglite_s${++counter}`;
        await send(protocol.serialize.parse({ name, text, types: options?.paramTypes }));
        stmt = { name, types: parse.parseDescribeStatementResults(await send(protocol.serialize.describe({ type: 'S', name }))) };
        named.set(text, stmt);
      }
      const types = stmt.types;
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const oid = types[i]!;
        const serialize = options?.serializers?.[oid] ?? client.serializers[oid];
        return serialize ? serialize(param) : String(param);
      });
      results.push(...(await send(protocol.serialize.bind({ statement: stmt.name, values }))));
      results.push(...(await send(protocol.serialize.describe({ type: 'P' }))));
      results.push(...(await send(protocol.serialize.execute({}))));
    } catch (e) {
      if (!(e instanceof messages.DatabaseError && e.code && STALE_STATEMENT.has(e.code) && stmt)) throw withQuery(e, text, params, options);
      stale = stmt;
    } finally {
      results.push(...(await send(protocol.serialize.sync())));
    }
    if (stale) {
      named.delete(text);
      await send(protocol.serialize.close({ type: 'S', name: stale.name }));
      await send(protocol.serialize.sync());
      return null;
    }
    await client.syncToFs();
    return parse.parseResults(results, client.parsers, options)[0] as Results<T>;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob || text.length > MAX_NAMED_TEXT) return client.query<T>(text, params, options);
    if (!named.has(text)) {
      const n = (seen.get(text) ?? 0) + 1;
      if (n < after) {
        if (seenChars > 100 * MAX_NAMED_TEXT) {
          seen.clear();
          seenChars = 0;
        }
        if (n === 1) seenChars += text.length;
        seen.set(text, n);
        return client.query<T>(text, params, options);
      }
      seen.delete(text);
    }
    await client._checkReady();
    const result = await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => runNamed<T>(text, params, options)));
    return result ?? client.query<T>(text, params, options);
  }

  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') return query;
      const value: unknown = Reflect.get(target, prop, target);
      // PGlite's methods use private fields: they must run on the client itself, not on the proxy.
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
