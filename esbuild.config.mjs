// Bundles the browser code into static/dist and writes static/dist/manifest.json for the server.
// `node esbuild.config.mjs` builds once; `node esbuild.config.mjs --watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Entry name -> source file. Islands and form pages add their line here. */
const ENTRIES = {
  shell: 'client/shell/index.ts',
  main: 'static/css/main.css',
  // The product gallery's lightbox styles: fetched with glightbox on the first open only.
  glightbox: 'static/css/catalog-lightbox.css',
};

const OUTDIR = 'static/dist';

// htmx has one direct eval (a debugging helper, disabled by allowEval:false). A direct eval stops any
// minifier from renaming htmx's internals; as an indirect eval it minifies ~1.5 KB gzip smaller.
const htmxIndirectEval = {
  name: 'htmx-indirect-eval',
  setup(build) {
    build.onLoad({ filter: /htmx\.org[\\/]dist[\\/]htmx\.esm\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return { contents: source.replace('return eval(str)', 'return (0, eval)(str)'), loader: 'js' };
    });
  },
};

function staticImports(outputs, file, seen = new Set()) {
  for (const imported of outputs[file]?.imports ?? []) {
    if (imported.kind !== 'import-statement' || seen.has(imported.path)) continue;
    seen.add(imported.path);
    staticImports(outputs, imported.path, seen);
  }
  return seen;
}

function manifestOf(metafile) {
  const relative = (file) => path.relative(OUTDIR, file).split(path.sep).join('/');
  const byEntry = Object.fromEntries(Object.entries(ENTRIES).map(([name, source]) => [source, name]));
  const manifest = {};
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const name = byEntry[output.entryPoint];
    if (!name) continue;
    const isCss = file.endsWith('.css');
    manifest[name] = {
      js: isCss ? null : relative(file),
      css: isCss ? relative(file) : output.cssBundle ? relative(output.cssBundle) : null,
      imports: isCss ? [] : [...staticImports(metafile.outputs, file)].map(relative),
    };
  }
  return manifest;
}

const writeManifest = {
  name: 'write-manifest',
  setup(build) {
    build.onStart(() => rm(OUTDIR, { recursive: true, force: true }));
    build.onEnd(async (result) => {
      if (result.errors.length > 0 || !result.metafile) return;
      const manifest = manifestOf(result.metafile);
      await writeFile(path.join(OUTDIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    });
  },
};

const options = {
  entryPoints: Object.entries(ENTRIES).map(([name, source]) => ({ in: source, out: name })),
  outdir: OUTDIR,
  bundle: true,
  format: 'esm',
  splitting: true,
  minify: true,
  sourcemap: false,
  target: 'es2020',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
  metafile: true,
  legalComments: 'none',
  logLevel: 'info',
  plugins: [htmxIndirectEval, writeManifest],
};

if (process.argv.includes('--watch')) {
  const context = await esbuild.context(options);
  await context.watch();
} else {
  await esbuild.build(options);
}
