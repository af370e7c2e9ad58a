import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const coreSource = fileURLToPath(new URL('../core/src/index.ts', import.meta.url));
// write-excel-file's zip without blob: workers, which the CSP refuses (see the module's comment).
const fflateWithoutWorkers = fileURLToPath(
  new URL('./src/secret-export/fflate-without-workers.ts', import.meta.url),
);
const apiServer = 'http://localhost:8080';

// Vendor libraries change rarely: keeping them in their own chunks lets browsers cache them across releases.
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  {
    name: 'vendor-router',
    test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 20,
  },
  {
    name: 'vendor-query',
    test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/,
    priority: 10,
  },
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@coffer/core', replacement: coreSource },
      { find: /^fflate$/, replacement: fflateWithoutWorkers },
    ],
  },
  // Workers as ES modules (they are started with type: 'module'), so the import worker's dynamic
  // imports stay chunks of their own: each format family is fetched only when a file needs it.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The CSP allows no data: URIs for scripts or styles, so every asset stays a file.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/users': apiServer,
      '/healthz': apiServer,
    },
  },
});
