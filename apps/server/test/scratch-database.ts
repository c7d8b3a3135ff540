import pg from "pg";

/**
 * An empty database `name` on the PostgreSQL server at `serverUrl` (one a killed run left behind is dropped first),
 * with its URL and a drop that removes it even while connections remain. Server suites and the browser suite's
 * PostgreSQL lane use it.
 */
export async function createScratchDatabase(
  serverUrl: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const onServer = async (...statements: string[]) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onServer(`drop database if exists ${name} with (force)`, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}
