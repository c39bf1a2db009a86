import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { geoLevels } from './scripts/geo-levels';

export default defineConfig(({ isSsrBuild }) => ({
  // The map's outlines, simplified per zoom band at build time (scripts/geo-levels.ts, docs/decisions/118).
  plugins: [react(), tailwindcss(), geoLevels(fileURLToPath(new URL('./public/geo', import.meta.url)))],
  // `vite build --ssr src/ssr/prerender.tsx`: the server-side entry of docs/decisions/116, into dist-ssr/.
  build: isSsrBuild
    ? { target: 'node20', outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false }
    : {
        target: 'es2022',
        sourcemap: true,
        chunkSizeWarningLimit: 1500,
        rolldownOptions: {
          input: {
            main: fileURLToPath(new URL('./index.html', import.meta.url)),
            // The service worker is its own self-contained entry, served unhashed at /sw.js.
            sw: fileURLToPath(new URL('./src/sw.ts', import.meta.url)),
          },
          output: {
            entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
          },
        },
      },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
}));
