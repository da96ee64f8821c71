import path from 'node:path';

/** Where `npm run build` puts the server half of the build (the SPA goes to dist/); start.mjs reads the same paths. */
export const BUILD_DIR = (root: string) => path.join(root, 'build');
export const SERVER_BUNDLE = (root: string) => path.join(root, 'build', 'server', 'main.js');
/** The source files the bundle was made from: a newer one makes `npm start` rebuild it. */
export const SERVER_INPUTS = (root: string) => path.join(root, 'build', 'server', 'inputs.json');
export const TEMPLATE_DIR = (root: string) => path.join(root, 'build', 'pgdata-template');
