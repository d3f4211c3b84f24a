import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// In development the SPA is served by Vite and everything server-side goes to the Fastify server.
const SERVER = 'http://127.0.0.1:8080';
const toServer: ProxyOptions = { target: SERVER, changeOrigin: false };

// Vite requires a default export from its config file.
export default defineConfig({
  plugins: [react()],
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
