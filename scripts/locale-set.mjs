#!/usr/bin/env node
// Sets one key in all six locale files: node scripts/locale-set.mjs Core.Key "fr" "nl" "es" "de" "it" "pt"
// Several people (or agents) may add keys at once: a lock directory makes each run read-modify-write
// all six files alone, so no run overwrites a key another has just written.
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';

const cultures = ['fr', 'nl', 'es', 'de', 'it', 'pt'];
const [key, ...texts] = process.argv.slice(2);
if (!key || texts.length !== cultures.length) {
  console.error('usage: node scripts/locale-set.mjs Namespace.Key fr nl es de it pt');
  process.exit(2);
}

const lock = new URL('../locales/.lock', import.meta.url);
const waitUntil = Date.now() + 10_000;
for (;;) {
  try {
    mkdirSync(lock);
    break;
  } catch (error) {
    if (error.code !== 'EEXIST' || Date.now() > waitUntil) throw error;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
}
try {
  cultures.forEach((culture, index) => {
    const file = new URL(`../locales/${culture}.json`, import.meta.url);
    const tree = JSON.parse(readFileSync(file, 'utf8'));
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) node = node[part] ??= {};
    node[parts.at(-1)] = texts[index];
    writeFileSync(file, JSON.stringify(tree, null, 2) + '\n');
  });
} finally {
  rmdirSync(lock);
}
