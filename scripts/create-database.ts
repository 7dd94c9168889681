// Usage: node scripts/create-database.ts <postgres-url> <new-database-name>
// (Re)creates an empty database beside the one in the URL and prints the new URL.
import pg from 'pg';

const [baseUrl, name] = process.argv.slice(2);
if (!baseUrl || !name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: node scripts/create-database.ts <postgres-url> <name: a-z 0-9 _>');
  process.exit(2);
}
const client = new pg.Client({ connectionString: baseUrl });
await client.connect();
await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
await client.query(`CREATE DATABASE "${name}"`);
await client.end();
const url = new URL(baseUrl);
url.pathname = `/${name}`;
console.log(url.toString());
