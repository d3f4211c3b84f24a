// Creates a new PGlite data directory and exits: `node pglite-initdb.mjs <dataDir>`. Run in its own process by
// the client factory so that initdb's WebAssembly instance and the memory it grew never live in the server.
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.argv[2];
if (!dataDir) {
  process.stderr.write('usage: pglite-initdb.mjs <dataDir>\n');
  process.exit(2);
}
const client = await PGlite.create(dataDir);
await client.close();
