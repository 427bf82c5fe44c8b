// The cluster's own PostgreSQL schema: every instance reaches it through search_path in DATABASE_URL,
// as test/support/app.ts gives each test file its own.
import pg from 'pg';

const schemaName = /^[a-z_][a-z0-9_]{0,62}$/;

export function checkSchemaName(schema: string): string {
  if (!schemaName.test(schema)) throw new Error(`schema must be lower case letters, digits and _ (at most 63), not ${JSON.stringify(schema)}`);
  return schema;
}

/** The same server and database, every unqualified table name looked up in `schema`. */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

async function run(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Created when missing: a kept schema (`npm run cluster`) is found again with its shop. */
export function createSchema(url: string, schema: string): Promise<void> {
  return run(url, `create schema if not exists ${checkSchemaName(schema)}`);
}

export function dropSchema(url: string, schema: string): Promise<void> {
  return run(url, `drop schema if exists ${checkSchemaName(schema)} cascade`);
}
