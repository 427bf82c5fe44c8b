import { readFileSync } from 'node:fs';
import path from 'node:path';

export const distDir = path.resolve(__dirname, '../../static/dist');

interface ManifestEntry {
  js: string | null;
  css: string | null;
  imports: string[];
}

export interface Assets {
  /** URLs of the entry's script, its CSS and the chunks it imports statically (for modulepreload). */
  entry(name: string): { script: string | null; style: string | null; preload: string[] };
}

/** Reads static/dist/manifest.json written by esbuild.config.mjs; `npm start` and `npm test` build first. */
export function loadAssets(basePath: string): Assets {
  const file = path.join(distDir, 'manifest.json');
  let manifest: Record<string, ManifestEntry>;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`Missing ${file}: run "npm run build" first.`);
  }
  const url = (file: string) => `${basePath}/static/dist/${file}`;
  return {
    entry(name) {
      const entry = manifest[name];
      if (!entry) throw new Error(`No client entry named ${name} in the asset manifest`);
      return {
        script: entry.js && url(entry.js),
        style: entry.css && url(entry.css),
        preload: entry.imports.map(url),
      };
    },
  };
}
