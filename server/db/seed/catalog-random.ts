import type { Culture } from '../../config';

/** A text in each of the six cultures. */
export type Localised = Record<Culture, string>;

/** fr, nl, es, de, it, pt — in that order, so word lists stay one line per entry. */
export function localised(fr: string, nl: string, es: string, de: string, it: string, pt: string): Localised {
  return { fr, nl, es, de, it, pt };
}

/** mulberry32: a small seeded PRNG, so the demo catalog is the same on every machine and database. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** count distinct items, in their original order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const indexes = items.map((_, index) => index);
    for (let i = indexes.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [indexes[i], indexes[j]] = [indexes[j], indexes[i]];
    }
    return indexes.slice(0, Math.min(count, items.length)).sort((a, b) => a - b).map((index) => items[index]);
  }
}

/** "Chemise en lin Riviera" -> "chemise-en-lin-riviera" (accents dropped, so slugs are plain ASCII). */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Hands out slugs unique within one culture: a taken slug gets the fallback, then a number. */
export class SlugRegistry {
  private readonly taken = new Map<string, Set<string>>();

  claim(culture: string, slug: string, fallback?: string): string {
    let used = this.taken.get(culture);
    if (!used) this.taken.set(culture, (used = new Set()));
    let candidate = slug;
    if (used.has(candidate) && fallback) candidate = `${slug}-${fallback}`;
    for (let n = 2; used.has(candidate); n++) candidate = `${slug}-${n}`;
    used.add(candidate);
    return candidate;
  }
}
