import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist' },
  server: {
    // The API keeps the browser's Host, so its same-origin check accepts the dev server's Origin.
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
});
