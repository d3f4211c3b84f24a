import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

// In development the SPA is served by Vite and everything server-side goes to the Fastify server.
const SERVER = 'http://127.0.0.1:8080';
const toServer: ProxyOptions = { target: SERVER, changeOrigin: false };

const require = createRequire(import.meta.url);
const BOOTSTRAP_CSS = {
  ltr: require.resolve('bootstrap/dist/css/bootstrap.min.css'),
  rtl: require.resolve('bootstrap/dist/css/bootstrap.rtl.min.css'),
} as const;

/**
 * Bootstrap as its own stylesheet, in its left-to-right and right-to-left builds. index.html's marker comment becomes
 * one `<link id="bootstrap-css">` naming both (`data-ltr`, `data-rtl`); public/theme-boot.js picks the saved direction
 * before the first paint and the settings panel switches it later. Both builds are emitted with content hashes so
 * they are cached like every other asset. (Bundled into the app's CSS, the LTR rules could not be switched off.)
 */
const BOOTSTRAP_MARKER = '<!-- bootstrap stylesheet -->';

function bootstrapStylesheets(): Plugin {
  let building = false;
  const hrefs = { ltr: `/@fs${BOOTSTRAP_CSS.ltr}`, rtl: `/@fs${BOOTSTRAP_CSS.rtl}` };
  return {
    name: 'fnodesk-bootstrap-stylesheets',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      if (!building) return;
      for (const direction of ['ltr', 'rtl'] as const) {
        // The source map is not shipped, so its comment would only make devtools ask for a missing file.
        const source = readFileSync(BOOTSTRAP_CSS[direction], 'utf8').replace(/\/\*# sourceMappingURL=.*?\*\/\s*$/, '');
        const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
        const fileName = `assets/bootstrap.${direction}-${hash}.css`;
        this.emitFile({ type: 'asset', fileName, source });
        hrefs[direction] = `/${fileName}`;
      }
    },
    transformIndexHtml(html) {
      const link = `<link id="bootstrap-css" rel="stylesheet" href="${hrefs.ltr}" data-ltr="${hrefs.ltr}" data-rtl="${hrefs.rtl}" />`;
      if (!html.includes(BOOTSTRAP_MARKER)) throw new Error(`index.html lacks ${BOOTSTRAP_MARKER}`);
      return html.replace(BOOTSTRAP_MARKER, link);
    },
  };
}

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|map)$/;
/** Below this size the headers and decoding cost more than compression saves. */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * Writes a brotli (.br, top quality) and a gzip (.gz) copy beside every text file of the build, once, so the server
 * sends compressed bytes without compressing per request (its static files are served with `preCompressed`).
 */
function precompressedAssets(): Plugin {
  let outDir = '';
  return {
    name: 'fnodesk-precompressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const source = readFileSync(file);
        if (source.length < MIN_COMPRESSED_BYTES) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

// Vite requires a default export from its config file.
export default defineConfig({
  plugins: [bootstrapStylesheets(), react(), precompressedAssets()],
  server: {
    proxy: {
      '/api/': toServer,
      '/data/': toServer,
      '/v1/': toServer,
      '/healthz': toServer,
      '/feed/': { ...toServer, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router change rarely; a separate chunk stays cached across app releases.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The phone numbering plans of every country: only the screens with a phone field load them.
            { name: 'phone-metadata', test: /[\\/]node_modules[\\/]libphonenumber-js[\\/]/ },
          ],
        },
      },
    },
  },
});
