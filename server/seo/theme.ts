import { readFileSync } from 'node:fs';
import path from 'node:path';

// The theme colour (browser chrome, the web app manifest) is the design tokens' accent, read once from
// static/css/base.css so it is written in one place.
const tokens = readFileSync(path.resolve(__dirname, '../../static/css/base.css'), 'utf8');

export const themeColor = /--color-accent:\s*(#[0-9a-fA-F]{3,8})\s*;/.exec(tokens)?.[1] ?? '#0b5cad';
export const backgroundColor = /--color-background:\s*(#[0-9a-fA-F]{3,8})\s*;/.exec(tokens)?.[1] ?? '#ffffff';
