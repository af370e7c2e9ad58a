/** A set of strings answering "is this one of them" and "does one of them start with this" by binary search. */
export class SortedWords {
  private readonly words: string[];

  constructor(words: Iterable<string>) {
    // Code-unit order (the default sort), which is the order of the comparisons below.
    this.words = [...new Set(words)].sort();
  }

  /** The index of the first word not before `text`. */
  private lowerBound(text: string): number {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.words[middle] as string) < text) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  has(text: string): boolean {
    return this.words[this.lowerBound(text)] === text;
  }

  hasPrefix(prefix: string): boolean {
    return this.words[this.lowerBound(prefix)]?.startsWith(prefix) === true;
  }
}
