import type pg from 'pg';

/**
 * PostgreSQL's counterpart of the SQLite statement cache (connect.ts): Kysely sends every query
 * as an unnamed statement, which PostgreSQL parses, analyses and plans again each time, and for
 * the short reads of a request that costs several times the reading (0.2–0.4 ms of planning
 * against 0.01–0.03 ms of execution for a defect's page). A query text seen again is sent as a
 * named statement instead: each connection prepares it once, and PostgreSQL keeps its plan
 * (after five custom plans it keeps a generic one only when that is estimated no dearer, so a
 * keyword's pattern or a skewed filter is still planned for its values).
 *
 * A text matching a pattern (LIKE, ILIKE) is never named: its best plan depends on the pattern
 * (a rare keyword through the trigram index, a common one along the sort order), and a generic
 * plan, planned without it, took a common keyword's page from 12 to 28 ms.
 *
 * Names are handed out to at most MAX_NAMED texts per process (each connection keeps their plans,
 * so the count bounds the server's memory); texts seen once (a list of ids of some length) stay
 * unnamed until seen again, and the tally of such texts is cleared when it grows past
 * MAX_TALLIED.
 */
const MAX_NAMED = 400;
const MAX_TALLIED = 5000;
const NAME_AFTER_USES = 2;
const MATCHES_PATTERN = /\bi?like\b/i;

export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly uses = new Map<string, number>();
  /** Texts a named statement failed for (a plan whose result type changed under it): unnamed from then on. */
  private readonly refused = new Set<string>();
  /** Names are never handed out twice: a connection may still hold a refused text's. */
  private issued = 0;

  /** The statement name for `text`, or undefined to send it unnamed. */
  nameFor(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= MAX_NAMED || this.refused.has(text)) return known;
    if (MATCHES_PATTERN.test(text)) return undefined;
    const uses = (this.uses.get(text) ?? 0) + 1;
    if (uses < NAME_AFTER_USES) {
      if (this.uses.size >= MAX_TALLIED) this.uses.clear();
      this.uses.set(text, uses);
      return undefined;
    }
    this.uses.delete(text);
    this.issued += 1;
    const name = `buglet_${this.issued}`;
    this.names.set(text, name);
    return name;
  }

  refuse(text: string): void {
    this.refused.add(text);
    this.names.delete(text);
  }

  get size(): number {
    return this.names.size;
  }
}

/** A cached plan that no longer fits the table it reads (PostgreSQL's 0A000 after a column change). */
const isStalePlan = (error: unknown) =>
  error instanceof Error &&
  (error as { code?: string }).code === '0A000' &&
  error.message.includes('cached plan must not change result type');

/**
 * A pg Client class whose `query(text, values)` (how Kysely calls it) runs a repeated text as a
 * named statement. Other call shapes (config objects, cursors) pass through untouched.
 */
export function namedStatementClient(base: typeof pg.Client, names: StatementNames): typeof pg.Client {
  return class NamedStatementClient extends base {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query() is a heavily overloaded signature.
    override query(config: any, values?: any, callback?: any): any {
      if (typeof config !== 'string' || !Array.isArray(values) || callback !== undefined)
        return super.query(config, values, callback);
      const name = names.nameFor(config);
      if (name === undefined) return super.query(config, values);
      const text = config;
      return (super.query({ name, text, values }) as Promise<pg.QueryResult>).catch((error: unknown) => {
        if (!isStalePlan(error)) throw error;
        names.refuse(text);
        return super.query(text, values);
      });
    }
  } as typeof pg.Client;
}
