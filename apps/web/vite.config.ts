import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
