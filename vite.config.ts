import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// pages that are not the shop's public pages: the staff's, sign-in and account, checkout and orders
const PRIVATE_PAGE_CHUNK =
  /^assets\/(admin|driver|invitation|login|join|forgot-password|reset-password|profile|checkout|order|delivery)[-\w]*\.js$/

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // the server reads it to preload a page's own chunks with the page (src/server/plugins/web-app.ts)
    manifest: true,
    target: 'es2022',
    modulePreload: {
      // These pages load their chunks one level at a time instead of all at once: their file
      // lists would otherwise sit in every shopper's first script
      // (docs/decisions/0010-page-javascript-budget.md).
      resolveDependencies: (filename, deps) => (PRIVATE_PAGE_CHUNK.test(filename) ? [] : deps),
    },
  },
  server: {
    port: 5173,
    // the API runs on its own port in development (npm run dev)
    // API_PORT lets several development servers run side by side
    proxy: {
      '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}`,
      '/healthz': `http://127.0.0.1:${process.env.API_PORT ?? 3000}`,
      '/readyz': `http://127.0.0.1:${process.env.API_PORT ?? 3000}`,
      '/metrics': `http://127.0.0.1:${process.env.API_PORT ?? 3000}`,
    },
  },
})
