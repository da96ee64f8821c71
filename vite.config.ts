import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, at the highest levels: the
 * server sends them as they are (no compression per request), to any browser that accepts them.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // writeBundle, not closeBundle: it runs only once the files are written, so a failed build shows its own error.
    writeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json|txt)$/.test(f))) {
        const bytes = fs.readFileSync(file);
        if (bytes.length < 512) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(bytes, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/** Modules of these packages (names or patterns): `[\\/]node_modules[\\/](a|b)[\\/]`. */
const packages = (...names: string[]) => new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);

/**
 * The app's own modules that App.tsx and the back-office layout import statically, directly or not: the code every
 * signed-in screen runs before its page (providers, the resource registry, routes, sidebar). Known once the module
 * graph is built, for the chunk group of the same name: one chunk instead of a dozen small ones, each a request.
 * What the entry (main.tsx) and the public pages (/login among them) import as well is `shared`, a chunk of its own:
 * in the shell's chunk, /login would download the whole shell for a few of its modules.
 */
function appShell(): Plugin & { has: (id: string) => boolean; shared: (id: string) => boolean } {
  const shell = new Set<string>();
  const shared = new Set<string>();
  return {
    name: 'app-shell',
    apply: 'build',
    buildEnd() {
      const walk = (id: string, into: Set<string>) => {
        if (into.has(id) || !/[\\/]src[\\/]/.test(id) || id.includes('node_modules')) return;
        into.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) walk(imported, into);
      };
      const ids = [...this.getModuleIds()];
      const publicSide = new Set<string>();
      for (const id of ids) if (/[\\/]src[\\/]app[\\/](main\.tsx|PublicApp\.tsx|pages[\\/](public|login)[\\/])/.test(id)) walk(id, publicSide);
      const backOffice = new Set<string>();
      for (const id of ids) if (/[\\/]src[\\/]app[\\/](App|layout[\\/]BackOfficeLayout)\.tsx$/.test(id)) walk(id, backOffice);
      shell.clear();
      shared.clear();
      for (const id of backOffice) (publicSide.has(id) ? shared : shell).add(id);
    },
    has: (id) => shell.has(id),
    shared: (id) => shared.has(id),
  };
}
const shell = appShell();

/**
 * antd's components that no signed-in screen shows at first paint (a record's page, a form's inputs, a chart's
 * legend): left to the automatic chunks, downloaded with the screen that uses them. The rest of antd is one chunk.
 */
const ANTD_LATER = packages(
  `antd[\\\\/]es[\\\\/](${['date-picker', 'time-picker', 'calendar', 'upload', 'image', 'progress', 'color-picker', 'result', 'descriptions', 'timeline', 'collapse', 'breadcrumb', 'steps'].join('|')})`,
  'rc-(picker|upload|image|progress|collapse|steps)',
  '@rc-component[\\\\/]color-picker',
);

const REACT = packages('react', 'react-dom', 'scheduler', 'react-router', 'cookie', 'set-cookie-parser', 'axios');

export default defineConfig({
  plugins: [react(), precompress(), shell],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // @refinedev/antd is one module that imports react-markdown and remark-gfm for its MarkdownField, which this
        // app never renders; both are CommonJS, so the bundler kept their ~300 KB (micromark, mdast, …) for the
        // import alone, in the first download of every signed-in screen. They do nothing when loaded: dropped unless used.
        // Any other module: its package.json's `sideEffects` (undefined defers to it).
        moduleSideEffects: (id) => (/\/node_modules\/(react-markdown|remark-gfm)\//.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: [
            // Vite's preload helper goes with React, which every page loads: in a later chunk, the entry would import it.
            { name: 'react', test: (id) => REACT.test(id) || id.includes('vite/preload-helper'), priority: 30 },
            {
              name: 'antd',
              test: (id) =>
                packages('antd', 'rc-[^/\\\\]+', '@rc-component', '@ant-design[\\\\/](cssinjs|cssinjs-utils|colors|fast-color)').test(id) &&
                !ANTD_LATER.test(id),
              priority: 20,
              entriesAware: true,
              entriesAwareMergeThreshold: 30_000,
            },
            // Not the reset stylesheet of @refinedev/antd, which the entry imports for every page.
            { name: 'refine', test: (id) => packages('@refinedev', '@tanstack').test(id) && !id.endsWith('.css'), priority: 10 },
            // Before the shell's group, which takes its modules' imports too and would take these.
            { name: 'shared', test: (id) => shell.shared(id), priority: 8 },
            { name: 'App', test: (id) => shell.has(id), priority: 5 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
});
