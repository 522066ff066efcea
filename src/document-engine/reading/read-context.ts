// What one reading carries along: its limits, its clock, the pixels it decoded, and the time spent per stage.
import { megapixels } from './problems.ts';

/**
 * Pages of one document the second OCR engine may read: an identity document has one or two, and a
 * long scan whose pages tesseract reads with doubt would otherwise take seconds a page more.
 */
export const SECOND_ENGINE_PAGES = 3;

/** Pages of one document that may be read again with Arabic data (arabic-ocr.ts): a long scan in another script pays for no more. */
export const ARABIC_PAGES = 2;

/**
 * Pages of one document that may be read again with their own European language's data
 * (european-ocr.ts): about a second a page more; a long scan's further pages keep English tesseract's reading.
 */
export const EUROPEAN_PAGES = 3;

export interface ReadLimits {
  maxPages: number;
  ocr: boolean;
  maxImagePixels: number;
  /** Budget of decoded pixels for the whole reading (Infinity: none), and whose budget it is. */
  maxPixels?: number;
  budgetOf?: 'document' | 'conversation' | 'client';
  /** Epoch ms after which no new page is started. */
  softDeadline: number;
  /** Epoch ms at which the reading thread is stopped. */
  deadline: number;
}

export class ReadContext {
  readonly maxPages: number;
  readonly ocr: boolean;
  readonly maxImagePixels: number;
  readonly maxPixels: number;
  readonly budgetOf: 'document' | 'conversation' | 'client';

  constructor(
    private readonly limits: ReadLimits,
    readonly timings: Record<string, number>,
  ) {
    // A limit below one page would make every PDF look empty.
    this.maxPages = Number.isFinite(limits.maxPages) ? Math.max(1, Math.floor(limits.maxPages)) : 1;
    this.ocr = limits.ocr;
    this.maxImagePixels = limits.maxImagePixels;
    this.maxPixels = limits.maxPixels ?? Number.POSITIVE_INFINITY;
    this.budgetOf = limits.budgetOf ?? 'document';
  }

  private longestPageMs = 0;
  /** Pages of this document the second OCR engine was given. */
  private secondEnginePages = 0;
  /** Pages of this document read again with Arabic data, and with their own European language's data. */
  private readonly rereads = { arabic: 0, european: 0 };
  /** Pixels decoded so far (pages decoded or rendered for OCR), counted against maxPixels. */
  decodedPixels = 0;

  /**
   * Clean-up the reading leaves to its caller (closing pdfjs's document), when the caller takes it
   * (see readHere): a reading thread answers first and cleans up while the answer is being used.
   */
  deferredCleanup: (() => Promise<void>)[] | null = null;

  /** Runs `cleanup` now, or hands it to the caller when the caller takes the reading's clean-up. */
  async cleanup(stage: string, cleanup: () => Promise<void>): Promise<void> {
    if (this.deferredCleanup) this.deferredCleanup.push(cleanup);
    else await this.timeAsync(stage, cleanup);
  }

  /** Pixels left in the reading's budget. */
  get pixelsLeft(): number {
    return this.maxPixels - this.decodedPixels;
  }

  /** Whose budget it is and how large, in the words of the read_budget_reached finding. */
  budgetName(): string {
    const whose =
      this.budgetOf === 'document'
        ? 'the reading budget of one document'
        : this.budgetOf === 'conversation'
          ? "what is left of its conversation's reading budget"
          : "what is left of its API client's hourly reading budget";
    return `${whose} (${megapixels(this.maxPixels)})`;
  }

  /**
   * Whether there is time left to start another page (or OCR attempt): before the soft deadline,
   * and with room for one more page as long as the longest so far before the thread is stopped.
   */
  readonly hasTime = (): boolean => {
    const now = Date.now();
    return now < this.limits.softDeadline && now + this.longestPageMs * 1.2 < this.limits.deadline;
  };

  /**
   * The second OCR engine's budget for the page being read, asked when it is about to run: until the
   * soft deadline, 30 s at most; null when less than 2 s are left or SECOND_ENGINE_PAGES pages of the
   * document have had it.
   */
  readonly secondEngineBudget = (): { until: number; hardDeadline: number } | null => {
    const until = Math.min(this.limits.softDeadline, Date.now() + 30_000);
    if (until - Date.now() < 2000 || this.secondEnginePages >= SECOND_ENGINE_PAGES) return null;
    this.secondEnginePages++;
    return { until, hardDeadline: this.limits.deadline };
  };

  /** Whether the page being read may be read again with Arabic data: ARABIC_PAGES of a document at most. */
  readonly arabicAllowed = (): boolean => this.rereadAllowed('arabic', ARABIC_PAGES);

  /** Whether the page being read may be read again with its own European language's data: EUROPEAN_PAGES of a document at most. */
  readonly europeanAllowed = (): boolean => this.rereadAllowed('european', EUROPEAN_PAGES);

  /** Counts a page read again with other data, while fewer than `cap` pages of the document were. */
  private rereadAllowed(data: keyof ReadContext['rereads'], cap: number): boolean {
    if (this.rereads[data] >= cap) return false;
    this.rereads[data]++;
    return true;
  }

  /** Times one page, so hasTime() can tell whether another one fits. */
  async page<T>(fn: () => Promise<T>): Promise<T> {
    const start = Date.now();
    try {
      return await fn();
    } finally {
      this.longestPageMs = Math.max(this.longestPageMs, Date.now() - start);
    }
  }

  time<T>(stage: string, fn: () => T): T {
    const start = performance.now();
    try {
      return fn();
    } finally {
      this.add(stage, start);
    }
  }

  async timeAsync<T>(stage: string, fn: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await fn();
    } finally {
      this.add(stage, start);
    }
  }

  private add(stage: string, start: number): void {
    this.timings[stage] = Math.round(((this.timings[stage] ?? 0) + performance.now() - start) * 10) / 10;
  }
}
