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

export default defineConfig({
  plugins: [react(), precompress()],
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
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
});
