// The production build the browser benchmarks load: apps/web/dist, shared with the browser tests (run benchmarks
// under the same lock as the tests: `flock /tmp/fnodesk-e2e.lock …`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, check } from '../../apps/web/e2e/harness';

/** Builds the web app unless apps/web/dist already holds a build (the browser tests build it). */
export function ensureWebBuild(): void {
  if (existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'))) return;
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@fnodesk/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  check(build.status === 0, 'the web build failed');
}
