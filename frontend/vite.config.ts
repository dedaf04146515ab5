import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, runnerImport } from 'vite';
import { hoistStyles } from './build/hoist-styles.ts';
import { precompress } from './build/precompress.ts';
import { ROUTE_TABLE_MODULE, routeTableSource } from './src/api/route-table-source.ts';

/**
 * `virtual:tickwise-route-table`: the method and path of every route in the contracts' route table,
 * computed at build time, so the browser gets the table without shipping io-ts and the codecs.
 */
function routeTable(): Plugin {
  const resolvedId = `\0${ROUTE_TABLE_MODULE}`;
  return {
    name: 'tickwise-route-table',
    resolveId: (id) => (id === ROUTE_TABLE_MODULE ? resolvedId : undefined),
    async load(id) {
      if (id !== resolvedId) return undefined;
      const { module } = await runnerImport<typeof import('@tickwise/contracts')>('@tickwise/contracts');
      return routeTableSource(module);
    },
  };
}

/**
 * Prerenders the landing page into index.html at build time (src/prerender.tsx), so a visitor sees the
 * page before the JavaScript has loaded; the app's first render replaces it (main.tsx).
 */
function prerenderLanding(): Plugin {
  return {
    name: 'tickwise-prerender-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const { module } = await runnerImport<typeof import('./src/prerender.tsx')>('/src/prerender.tsx', {
          configFile: false,
          root: import.meta.dirname,
          logLevel: 'error',
          plugins: [routeTable()],
        });
        // Marked disabled until the app replaces it: a click on the static markup would do nothing, and
        // automated browsers wait for an enabled element before they click.
        const { html: page, head } = hoistStyles(module.renderLanding());
        const landing = `<div data-prerendered="landing" aria-disabled="true">${page}</div>`;
        return html
          .replace('</head>', `${head}</head>`)
          .replace('<div id="root"></div>', `<div id="root">${landing}</div>`);
      },
    },
  };
}

/**
 * Inlines the session hint where index.html marks it, byte for byte the text whose hash the server's
 * Content-Security-Policy allows (a request for it would hold up the first paint).
 */
function sessionHint(): Plugin {
  const marker = '<script data-session-hint></script>';
  return {
    name: 'tickwise-session-hint',
    async transformIndexHtml(html) {
      if (!html.includes(marker)) throw new Error(`index.html lost its session hint marker ${marker}`);
      const { module } = await runnerImport<typeof import('@tickwise/contracts/session-hint')>(
        '@tickwise/contracts/session-hint',
      );
      return html.replace(marker, `<script>${module.SESSION_HINT_SCRIPT}</script>`);
    },
  };
}

/** Brotli and gzip copies of the build's text files, for the static server to send as they are. */
function precompressBuild(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tickwise-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: () => {
      precompress(outDir);
    },
  };
}

export default defineConfig({
  plugins: [react(), routeTable(), sessionHint(), prerenderLanding(), precompressBuild()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 700 },
});
