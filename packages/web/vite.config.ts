import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressedCopies } from './compressed-copies.ts';
import { signInTexts } from './sign-in-texts.ts';

// base './' lets the server mount the built client under any path.
export default defineConfig({
  base: './',
  plugins: [react(), signInTexts(), compressedCopies()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 2222,
    proxy: {
      '/prod-api': { target: 'http://localhost:2020', changeOrigin: true },
      '/ws': { target: 'ws://localhost:2020', ws: true },
    },
  },
});
