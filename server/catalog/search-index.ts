/**
 * An in-memory, typo-tolerant product name index for one culture (suggestions and the search page).
 * Names are split into words; the distinct words form a vocabulary with a trigram index, so a typed
 * word is matched against a few thousand words, not against every product. A typed word matches a
 * vocabulary word exactly (score 1), as its beginning (the word being typed: 0.9 to 1), or by trigram
 * similarity at or above the accuracy (pg_trgm's measure: shared / all distinct trigrams, scaled to
 * at most 0.9). A product matches when every typed word matches one of its words; its score is the
 * mean of the best score of each typed word.
 */
export interface IndexedProduct {
  id: number;
  name: string;
  slug: string;
  /** Smaller comes first among equal scores (the catalog's own order). */
  position: number;
  photo: { AssetId: number; AssetName: string } | null;
}

const MAX_QUERY_WORDS = 6;

export function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function wordsOf(text: string): string[] {
  const normalised = normaliseText(text);
  return normalised ? normalised.split(' ') : [];
}

export function trigramsOf(word: string): Set<string> {
  const padded = `  ${word} `;
  const trigrams = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index++) trigrams.add(padded.slice(index, index + 3));
  return trigrams;
}

/** pg_trgm's similarity: shared trigrams over all distinct trigrams of both words. */
export function similarity(a: string, b: string): number {
  const left = trigramsOf(a);
  const right = trigramsOf(b);
  let shared = 0;
  for (const trigram of left) if (right.has(trigram)) shared++;
  return shared / (left.size + right.size - shared);
}

export class SearchIndex {
  readonly products: IndexedProduct[];
  private readonly vocabulary: string[] = [];
  private readonly wordIds = new Map<string, number>();
  private readonly trigramCounts: number[] = [];
  private readonly wordsByTrigram = new Map<string, number[]>();
  private readonly postings: number[][] = [];
  private readonly productWords: number[][] = [];
  /** Word ids in alphabetical order, for the prefix search. */
  private readonly sortedWords: number[];
  /** Per product, the score of the search under way (0: not a candidate). */
  private readonly scratch: Float64Array;

  constructor(products: IndexedProduct[]) {
    this.products = products;
    products.forEach((product, productIndex) => {
      const ids = [...new Set(wordsOf(product.name).map((word) => this.wordId(word)))];
      this.productWords.push(ids);
      for (const wordId of ids) this.postings[wordId].push(productIndex);
    });
    this.sortedWords = this.vocabulary.map((_, wordId) => wordId).sort((a, b) => (this.vocabulary[a] < this.vocabulary[b] ? -1 : 1));
    this.scratch = new Float64Array(products.length);
  }

  get size(): number {
    return this.products.length;
  }

  private wordId(word: string): number {
    let wordId = this.wordIds.get(word);
    if (wordId !== undefined) return wordId;
    wordId = this.vocabulary.length;
    this.vocabulary.push(word);
    this.wordIds.set(word, wordId);
    this.postings.push([]);
    const trigrams = trigramsOf(word);
    this.trigramCounts.push(trigrams.size);
    for (const trigram of trigrams) {
      const list = this.wordsByTrigram.get(trigram);
      if (list) list.push(wordId);
      else this.wordsByTrigram.set(trigram, [wordId]);
    }
    return wordId;
  }

  /** Vocabulary words a typed word matches, with their score. */
  matchWord(typed: string, accuracy: number): Map<number, number> {
    const scores = new Map<number, number>();
    const exact = this.wordIds.get(typed);
    if (exact !== undefined) scores.set(exact, 1);
    for (const wordId of this.wordsWithPrefix(typed)) {
      if (wordId !== exact) scores.set(wordId, 0.9 + (0.1 * typed.length) / this.vocabulary[wordId].length);
    }
    const trigrams = trigramsOf(typed);
    const shared = new Map<number, number>();
    for (const trigram of trigrams) {
      for (const wordId of this.wordsByTrigram.get(trigram) ?? []) shared.set(wordId, (shared.get(wordId) ?? 0) + 1);
    }
    for (const [wordId, count] of shared) {
      if (scores.has(wordId)) continue;
      const score = count / (trigrams.size + this.trigramCounts[wordId] - count);
      if (score >= accuracy) scores.set(wordId, Math.min(score, 0.9));
    }
    return scores;
  }

  private *wordsWithPrefix(prefix: string): Generator<number> {
    let low = 0;
    let high = this.sortedWords.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.vocabulary[this.sortedWords[middle]] < prefix) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < this.sortedWords.length; index++) {
      const wordId = this.sortedWords[index];
      if (!this.vocabulary[wordId].startsWith(prefix)) return;
      yield wordId;
    }
  }

  /** Products matching every typed word at the given accuracy (0..1), best first, at most `limit`. */
  search(text: string, { accuracy, limit }: { accuracy: number; limit: number }): IndexedProduct[] {
    const typed = [...new Set(wordsOf(text))].slice(0, MAX_QUERY_WORDS);
    if (typed.length === 0 || limit <= 0) return [];
    const matches = typed
      .map((word) => this.matchWord(word, accuracy))
      .map((scores) => ({ scores, reach: [...scores.keys()].reduce((sum, wordId) => sum + this.postings[wordId].length, 0) }))
      .sort((a, b) => a.reach - b.reach);
    // Scores add up in one scratch array over the products (searches never overlap: they are synchronous).
    const touched = this.firstCandidates(matches[0].scores);
    let candidates = touched;
    for (const { scores } of matches.slice(1)) candidates = this.narrow(candidates, scores);
    const found = this.best(candidates, limit).map((productIndex) => this.products[productIndex]);
    for (const productIndex of touched) this.scratch[productIndex] = 0;
    return found;
  }

  /** The `limit` best candidates in order; a bounded insertion keeps a 5-item answer cheap on 100,000 products. */
  private best(candidates: number[], limit: number): number[] {
    const before = (a: number, b: number) => this.scratch[b] - this.scratch[a] || this.compare(a, b);
    if (limit > 50) return [...candidates].sort(before).slice(0, limit);
    const top: number[] = [];
    for (const candidate of candidates) {
      if (top.length === limit && before(candidate, top[limit - 1]) >= 0) continue;
      if (top.length === limit) top.pop();
      let index = top.length;
      while (index > 0 && before(candidate, top[index - 1]) < 0) index--;
      top.splice(index, 0, candidate);
    }
    return top;
  }

  private firstCandidates(scores: Map<number, number>): number[] {
    const touched: number[] = [];
    for (const [wordId, score] of scores) {
      for (const productIndex of this.postings[wordId]) {
        if (this.scratch[productIndex] === 0) touched.push(productIndex);
        if (this.scratch[productIndex] < score) this.scratch[productIndex] = score;
      }
    }
    return touched;
  }

  private narrow(candidates: number[], scores: Map<number, number>): number[] {
    const wordScores = new Float64Array(this.vocabulary.length);
    for (const [wordId, score] of scores) wordScores[wordId] = score;
    const kept: number[] = [];
    for (const productIndex of candidates) {
      let best = 0;
      for (const wordId of this.productWords[productIndex]) if (wordScores[wordId] > best) best = wordScores[wordId];
      if (best > 0) {
        this.scratch[productIndex] += best;
        kept.push(productIndex);
      }
    }
    return kept;
  }

  private compare(a: number, b: number): number {
    const left = this.products[a];
    const right = this.products[b];
    return left.position - right.position || left.name.length - right.name.length || left.id - right.id;
  }
}
