import type { Database, Db } from '../src/db/client';
import * as schema from '../src/db/schema';

/** One statement the app sent, with its parameters as the driver got them. */
export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

type Client = { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

function clientOf(database: Database): Client {
  return (database.db as unknown as { $client: Client }).$client;
}

/**
 * The same database through a drizzle instance that records every statement it sends (transactions
 * included), for an app built on it: what the requests really execute, with their parameters.
 */
export async function capturingDb(database: Database): Promise<{ db: Db; captured: CapturedQuery[] }> {
  const captured: CapturedQuery[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => captured.push({ sql: query, params }) };
  const client = clientOf(database);
  if (database.driver === 'pg') {
    const { drizzle } = await import('drizzle-orm/node-postgres');
    return { db: drizzle(client as never, { schema, logger }) as unknown as Db, captured };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  return { db: drizzle(client as never, { schema, logger }) as unknown as Db, captured };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/**
 * The tables a plan reads whole: a sequential scan, or a merge join walking a table's index from its
 * first entry (an index scan without a condition under a Merge Join). The second costs as much as the
 * first: a course's instructor joined that way read every user up to the instructor's id, 4 ms for an
 * instructor who signed up last in a catalogue of 10,000 users (issue 26).
 */
function wholeReadsIn(node: PlanNode, out: string[], parent?: PlanNode): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) out.push(node['Relation Name']);
  const indexWalk = (node['Node Type'] === 'Index Scan' || node['Node Type'] === 'Index Only Scan') && !node['Index Cond'];
  if (indexWalk && parent?.['Node Type'] === 'Merge Join' && node['Relation Name']) out.push(node['Relation Name']);
  for (const child of node.Plans ?? []) wholeReadsIn(child, out, node);
  return out;
}

// Statements that only set up the connection (the search's timeout and index settings), not reads.
const SETTINGS = /^\s*select set_config\(/i;
// The search transaction's typo corrections (search.queries.ts termsNear): between its settings and its page.
const TYPO_CORRECTIONS = /from "search_terms"/;

/**
 * The tables each statement reads whole (a sequential scan, or a merge join's walk of a whole index: wholeReadsIn),
 * as the planner plans it now (EXPLAIN, not run). A search transaction's settings (set_config, transaction-local) apply to the statements of
 * that transaction, as they did when the app sent them: the typo corrections, if any, and the page.
 */
export async function wholeTableReads(database: Database, queries: CapturedQuery[]): Promise<{ sql: string; tables: string[] }[]> {
  // One connection for the lot: begin, settings and explain must share it.
  const pooled = database.driver === 'pg' ? await (clientOf(database) as unknown as { connect(): Promise<Client & { release(): void }> }).connect() : undefined;
  const client = pooled ?? clientOf(database);
  try {
    return await explainAll(client, queries);
  } finally {
    pooled?.release();
  }
}

async function explainAll(client: Client, queries: CapturedQuery[]) {
  const out: { sql: string; tables: string[] }[] = [];
  let settings: CapturedQuery | undefined;
  for (const query of queries) {
    if (SETTINGS.test(query.sql)) {
      settings = query;
      continue;
    }
    if (!/^\s*(select|with)\b/i.test(query.sql)) continue;
    await client.query('begin');
    try {
      if (settings) await client.query(settings.sql, settings.params);
      const result = await client.query(`explain (format json) ${query.sql}`, query.params);
      const raw = result.rows[0]!['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
      out.push({ sql: query.sql, tables: wholeReadsIn(plan[0]!.Plan, []) });
    } finally {
      await client.query('rollback');
      if (!TYPO_CORRECTIONS.test(query.sql)) settings = undefined;
    }
  }
  return out;
}
