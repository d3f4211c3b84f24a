// `npm start`: builds the web app when its build is missing or older than its sources, then runs the server in
// this same process (so SIGTERM/SIGINT reach the server's own shutdown directly).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');
const webInputs = [
  join(web, 'src'),
  join(web, 'public'),
  join(web, 'index.html'),
  join(web, 'vite.config.ts'),
  join(web, 'package.json'),
  join(root, 'packages/domain/src'),
  join(root, 'packages/contracts/src'),
  join(root, 'packages/charts/src'),
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...webInputs.map(newestMtime));
if (builtAt < sourcesAt) {
  process.stdout.write(builtAt ? 'Web app sources changed; rebuilding…\n' : 'Building the web app (first start)…\n');
  const started = Date.now();
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: web,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) {
    process.stderr.write('The web app failed to build; see the errors above.\n');
    process.exit(build.status ?? 1);
  }
  process.stdout.write(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}

await import('../apps/server/src/main.ts');
