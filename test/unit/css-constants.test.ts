// The stylesheets take the spec's numbers from client/shell/constants.ts (docs/furniture.md): the
// compact breakpoint and the timings below are never written into a stylesheet, only read as the
// custom properties esbuild.config.mjs generates (media conditions written out at build time).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as constants from '../../client/shell/constants';

const dir = path.join(__dirname, '../../static/css');
const sheets = readdirSync(dir).filter((name) => name.endsWith('.css')).map((name) => ({ name, css: readFileSync(path.join(dir, name), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '') }));

describe('constants in the stylesheets', () => {
  it('no media query writes the compact breakpoint (1024 px) itself', () => {
    const breakpoint = constants.COMPACT_BREAKPOINT_PX;
    const written = new RegExp(`@media[^{]*\\b(${breakpoint}|${breakpoint - 1}(\\.98)?)px`);
    expect(sheets.filter(({ css }) => written.test(css)).map(({ name }) => name)).toEqual([]);
  });

  it('every var() a media condition names is a constant', () => {
    const names = new Set(Object.keys(constants).map((name) => `--${name.replace(/_(MS|PX|S)$/, '').toLowerCase().replaceAll('_', '-')}`));
    const used = sheets.flatMap(({ css }) => [...css.matchAll(/@media[^{]*\{/g)].flatMap(([condition]) => [...condition.matchAll(/var\((--[a-z0-9-]+)\)/g)].map((match) => match[1]!)));
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((name) => !names.has(name))).toEqual([]);
  });

  it('the loader, modal, backdrop, tab and collapse transitions come from the generated properties', () => {
    const css = sheets.map((sheet) => sheet.css).join('\n');
    for (const property of ['--loader-animation', '--modal-transition', '--backdrop-transition', '--tab-transition', '--collapse-transition']) {
      expect([property, css.includes(`var(${property})`)]).toEqual([property, true]);
    }
    expect(sheets.filter(({ css }) => /(^|[^\d.])(\.6s|600ms|350ms)/.test(css)).map(({ name }) => name)).toEqual([]);
  });
});
