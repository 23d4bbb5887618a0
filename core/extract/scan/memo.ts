/**
 * A test's answers for one page, by the text tested: a page repeats its texts (a grid's "Sold
 * out" badges, a menu's links in header and footer, its class lists), and each distinct one is
 * tested once. Bounded: a hostile page's million distinct texts are tested each time, not kept.
 */
export class TextMemo<T> {
  private readonly answers = new Map<string, T>();
  private readonly test: (text: string) => T;
  private readonly maxSize: number;
  private readonly maxLength: number;

  constructor(test: (text: string) => T, maxSize = 10_000, maxLength = 200) {
    this.test = test;
    this.maxSize = maxSize;
    this.maxLength = maxLength;
  }

  of(text: string): T {
    const known = this.answers.get(text);
    if (known !== undefined) return known;
    const answer = this.test(text);
    if (text.length <= this.maxLength && this.answers.size < this.maxSize)
      this.answers.set(text, answer);
    return answer;
  }

  /** Forget every answer kept (a memo kept across pages, emptied when the next starts). */
  forget(): void {
    this.answers.clear();
  }
}
