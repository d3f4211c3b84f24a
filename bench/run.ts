// `npm run bench`: runs every bench/*.bench.ts in turn (or those named on the command line) and prints their
// figures. Each benchmark compares against a baseline and prints the ratio, so figures from different machines
// can be read side by side.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
// Benchmarks live in bench/ and in its subfolders (bench/feed/…).
const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n## ${file.replace('.bench.ts', '')}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
