#!/usr/bin/env node
// Sets one key in all six locale files: node scripts/locale-set.mjs Core.Key "fr" "nl" "es" "de" "it" "pt"
import { readFileSync, writeFileSync } from 'node:fs';

const cultures = ['fr', 'nl', 'es', 'de', 'it', 'pt'];
const [key, ...texts] = process.argv.slice(2);
if (!key || texts.length !== cultures.length) {
  console.error('usage: node scripts/locale-set.mjs Namespace.Key fr nl es de it pt');
  process.exit(2);
}
cultures.forEach((culture, index) => {
  const file = new URL(`../locales/${culture}.json`, import.meta.url);
  const tree = JSON.parse(readFileSync(file, 'utf8'));
  const parts = key.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) node = node[part] ??= {};
  node[parts.at(-1)] = texts[index];
  writeFileSync(file, JSON.stringify(tree, null, 2) + '\n');
});
