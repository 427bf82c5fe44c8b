// Bundles the browser code into static/dist and writes static/dist/manifest.json for the server.
// `node esbuild.config.mjs` builds once; `node esbuild.config.mjs --watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { minify } from 'terser';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Entry name -> source file. Islands and form pages add their line here. */
const ENTRIES = {
  shell: 'client/shell/index.ts',
  main: 'static/css/main.css',
  // The product gallery's lightbox styles: fetched with glightbox on the first open only.
  glightbox: 'static/css/catalog-lightbox.css',
  // The pickup map's styles (Leaflet's and its markers): fetched with the map, only where one shows.
  'pickup-map': 'static/css/pickup-map.css',
  // The back office's script and styles (server/backoffice/access.ts): linked on back-office pages only.
  backoffice: 'client/backoffice/index.ts',
  'backoffice-style': 'static/css/backoffice.css',
};

/**
 * React islands, built apart from the entries above: React is CommonJS, and in one build with the
 * shell its interop helpers would become a chunk that every page's shell imports. Each island is one
 * file, loaded by its behaviour on its own page only.
 */
const ISLANDS = {
  // The payment page's card drop-in: loaded by client/behaviours/payment.ts on that page only.
  payment: 'client/islands/payment/index.tsx',
  // The asset library (widgets, crop modal with cropperjs, folder tree): named by back-office pages only.
  'asset-library': 'client/islands/asset-library/index.tsx',
};

const OUTDIR = 'static/dist';

const HTMX_PATCHES = [
  // htmx has one direct eval (a debugging helper, disabled by allowEval:false). A direct eval stops any
  // minifier from renaming htmx's internals; as an indirect eval it minifies ~1.5 KB gzip smaller.
  ['return eval(str)', 'return (0, eval)(str)'],
  // htmx starts (reads <meta name="htmx-config">, processes the page) at DOMContentLoaded, or at once
  // when readyState is 'complete'. Loaded at the first intent (client/shell/loader.ts) it may arrive
  // between the two, while images still load: it would wait for an event already past and run with its
  // default settings. 'interactive' is a parsed document, so it starts at once then too.
  ["if (isReady || getDocument().readyState === 'complete')", "if (isReady || getDocument().readyState !== 'loading')"],
];

/**
 * `@import 'constants:css'` (static/css/main.css): the numbers of client/shell/constants.ts as custom
 * properties on :root, so the stylesheets and the scripts read the spec's timings and sizes from one
 * place. A name loses its unit suffix, which becomes the value's unit: POPUP_OPEN_DELAY_MS = 3000 gives
 * --popup-open-delay: 3000ms; _PX gives px, _S gives s, anything else a plain number.
 */
async function constantProperties() {
  const { outputFiles } = await esbuild.build({ entryPoints: ['client/shell/constants.ts'], bundle: true, format: 'esm', write: false, logLevel: 'silent' });
  const constants = await import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);
  const units = { MS: 'ms', PX: 'px', S: 's' };
  return new Map(
    Object.entries(constants)
      .filter(([, value]) => typeof value === 'number')
      .map(([name, value]) => {
        const [, stem, suffix] = /^(.*?)(?:_(MS|PX|S))?$/.exec(name);
        return [`--${stem.toLowerCase().replaceAll('_', '-')}`, `${value}${suffix ? units[suffix] : ''}`];
      }),
  );
}

/** The stylesheet `@import 'constants:css'` resolves to. */
async function constantsCss() {
  const lines = [...(await constantProperties())].map(([name, value]) => `  ${name}: ${value};`);
  return `/* Generated from client/shell/constants.ts by esbuild.config.mjs. */\n:root {\n${lines.join('\n')}\n}\n`;
}

/**
 * Media queries cannot read custom properties: in the site's stylesheets, a var() of a generated
 * property inside an @media condition ("@media (min-width: var(--compact-breakpoint))") is written out
 * with the constant's value at build time, so the breakpoint too is written once, in constants.ts.
 */
async function withMediaConstants(file) {
  const source = await readFile(file, 'utf8');
  if (!/@media[^{]*var\(--/.test(source)) return source;
  const properties = await constantProperties();
  return source.replace(/@media[^{]*\{/g, (condition) =>
    condition.replace(/var\((--[a-z0-9-]+)\)/g, (whole, name) => {
      if (!properties.has(name)) throw new Error(`${file}: ${name} is not a constant of client/shell/constants.ts`);
      return properties.get(name);
    }),
  );
}

const constantsStylesheet = {
  name: 'constants-css',
  setup(build) {
    const watchFiles = [path.resolve('client/shell/constants.ts')];
    build.onResolve({ filter: /^constants:css$/ }, () => ({ path: 'constants.css', namespace: 'constants' }));
    build.onLoad({ filter: /.*/, namespace: 'constants' }, async () => ({ contents: await constantsCss(), loader: 'css', watchFiles }));
    build.onLoad({ filter: /[\\/]static[\\/]css[\\/][^\\/]+\.css$/ }, async (args) => ({
      contents: await withMediaConstants(args.path),
      loader: 'css',
      resolveDir: path.dirname(args.path),
      watchFiles,
    }));
  },
};

const htmxPatches = {
  name: 'htmx-patches',
  setup(build) {
    build.onLoad({ filter: /htmx\.org[\\/]dist[\\/]htmx\.esm\.js$/ }, async (args) => {
      let source = await readFile(args.path, 'utf8');
      for (const [from, to] of HTMX_PATCHES) {
        // A new htmx that no longer holds the text must fail the build, not ship unpatched.
        if (!source.includes(from)) throw new Error(`htmx patch no longer applies: ${from}`);
        source = source.replace(from, to);
      }
      return { contents: source, loader: 'js' };
    });
  },
};

// jquery, jquery-validation, glightbox and masonry-layout ship only UMD bundles. Read as CommonJS they pull esbuild's
// interop helpers into a shared chunk that every page's shell then imports (0.3 KB of the 20 KB budget).
// Given a module, exports and require of their own and an ESM export, they are plain ES modules instead.
const UMD_MODULES = [
  { filter: /[\\/]glightbox[\\/]dist[\\/]js[\\/]glightbox(\.min)?\.js$/, requires: [] },
  { filter: /[\\/]jquery[\\/]dist[\\/]jquery(\.min)?\.js$/, requires: [] },
  { filter: /[\\/]jquery-validation[\\/]dist[\\/]jquery\.validate(\.min)?\.js$/, requires: ['jquery'] },
  // masonry-layout (news and project galleries) and the UMD modules it requires.
  { filter: /[\\/]masonry-layout[\\/]masonry\.js$/, requires: ['outlayer', 'get-size'] },
  { filter: /[\\/]outlayer[\\/]outlayer\.js$/, requires: ['ev-emitter', 'get-size', 'fizzy-ui-utils', './item'] },
  { filter: /[\\/]outlayer[\\/]item\.js$/, requires: ['ev-emitter', 'get-size'] },
  { filter: /[\\/]fizzy-ui-utils[\\/]utils\.js$/, requires: ['desandro-matches-selector'] },
  { filter: /[\\/](get-size[\\/]get-size|ev-emitter[\\/]ev-emitter|desandro-matches-selector[\\/]matches-selector)\.js$/, requires: [] },
];

const umdAsEsm = {
  name: 'umd-as-esm',
  setup(build) {
    for (const { filter, requires } of UMD_MODULES) {
      build.onLoad({ filter }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const imports = requires.map((name, index) => `import dependency${index} from '${name}';`).join('\n');
        const table = requires.map((name, index) => `'${name}': dependency${index}`).join(', ');
        const contents = [
          imports,
          `var require = (name) => ({ ${table} })[name];`,
          'var exports = {}, module = { exports };',
          source,
          'export default module.exports;',
        ].join('\n');
        return { contents, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    }
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

function manifestOf(metafile, entries) {
  const relative = (file) => path.relative(OUTDIR, file).split(path.sep).join('/');
  const byEntry = Object.fromEntries(Object.entries(entries).map(([name, source]) => [source, name]));
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

// esbuild bundles; terser, given a second pass over each output, minifies about 3% smaller (0.6 KB gzip
// on the htmx chunk alone, which every page loads). Names keep esbuild's hashes: the output still changes
// only when its input does.
async function squeeze(files) {
  await Promise.all(
    files.map(async (file) => {
      const { code } = await minify(await readFile(file, 'utf8'), { module: true, compress: { passes: 2 }, format: { comments: false } });
      await writeFile(file, code);
    }),
  );
}

const watching = process.argv.includes('--watch');

// Every text file under static/ (the build's output and the hand-written files beside it) gets a
// brotli (.br, quality 11) and a gzip (.gz, level 9) twin, which server/http/precompressed.ts serves to
// clients that take them: the server never compresses a static file per request. Files under 1 KB
// travel as they are. Not in --watch, where the build must be quick (the server then sends the plain file).
const TEXT_FILE = /\.(js|mjs|css|svg|json|txt|xml|html|map)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function textFilesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name)).map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

async function precompress(dir) {
  const files = await textFilesUnder(dir);
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < 1024) return;
      const source = await readFile(file);
      const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length };
      await writeFile(`${file}.br`, await brotli(source, { params }));
      await writeFile(`${file}.gz`, await gzip(source, { level: 9 }));
    }),
  );
}

/** Writes this build's entries into static/dist/manifest.json, keeping the other build's. */
const writeManifest = (entries) => ({
  name: 'write-manifest',
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length > 0 || !result.metafile) return;
      if (!watching) await squeeze(Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js')));
      const file = path.join(OUTDIR, 'manifest.json');
      const kept = await readFile(file, 'utf8').then(JSON.parse, () => ({}));
      for (const name of Object.keys(entries)) delete kept[name];
      const manifest = { ...kept, ...manifestOf(result.metafile, entries) };
      await writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`);
    });
  },
});

const common = {
  outdir: OUTDIR,
  bundle: true,
  format: 'esm',
  minify: true,
  sourcemap: false,
  target: 'es2020',
  // Class fields as written (every browser of es2020's era but the oldest Safari has them): lowered,
  // they need esbuild's __publicField helper, a shared chunk that every page's shell would then import.
  supported: { 'class-field': true, 'class-static-field': true },
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
  metafile: true,
  legalComments: 'none',
  logLevel: 'info',
};

const options = {
  ...common,
  entryPoints: Object.entries(ENTRIES).map(([name, source]) => ({ in: source, out: name })),
  splitting: true,
  // lozad's package points browsers at its UMD build; its ES module build needs no interop helpers.
  // Leaflet's too (its package main is UMD).
  alias: { lozad: './node_modules/lozad/dist/lozad.es.js', leaflet: './node_modules/leaflet/dist/leaflet-src.esm.js' },
  // Leaflet's stylesheet names its control images.
  loader: { '.png': 'file', '.svg': 'file' },
  plugins: [htmxPatches, umdAsEsm, constantsStylesheet, writeManifest(ENTRIES)],
};

const islandOptions = {
  ...common,
  entryPoints: Object.entries(ISLANDS).map(([name, source]) => ({ in: source, out: name })),
  splitting: false,
  plugins: [writeManifest(ISLANDS)],
};

await rm(OUTDIR, { recursive: true, force: true });
if (watching) {
  // One after the other at first, so the two never write the manifest at once.
  for (const buildOptions of [options, islandOptions]) {
    const context = await esbuild.context(buildOptions);
    await context.rebuild();
    await context.watch();
  }
} else {
  await esbuild.build(options);
  await esbuild.build(islandOptions);
  await precompress('static');
}
