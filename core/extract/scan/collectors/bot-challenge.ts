import { CAPTCHA, CHALLENGE_MARKER_LENGTH, CHALLENGE_MARKERS } from "../../vocabulary/patterns.ts";
import { Hooks } from "../collector.ts";

/** Challenge pages are short: a longer page's markup is not searched for the markers. */
const MAX_MARKED_PAGE = 300_000;

/**
 * Bot challenges: a captcha or "robot check" named by the title or the h1, or one of the
 * challenge providers' markers anywhere in the markup of a page that is short enough to be one.
 * (The fetcher's full challenge check, core/page/challenge/, decides; this is the reader's.)
 */
export class BotChallenge extends Hooks {
  private readonly isShortPage: boolean;
  private hasMarker = false;
  private tail = "";

  /** `pageLength`: the whole page's length in characters. */
  constructor(pageLength: number) {
    super();
    this.isShortPage = pageLength <= MAX_MARKED_PAGE;
  }

  override piece(piece: string): void {
    if (!this.isShortPage || this.hasMarker) return;
    const text = this.tail + piece;
    if (CHALLENGE_MARKERS.test(text)) this.hasMarker = true;
    else this.tail = text.slice(-(CHALLENGE_MARKER_LENGTH - 1));
  }

  hasCaptcha(title: string | null, h1: string | null): boolean {
    return CAPTCHA.test(`${title ?? ""} ${h1 ?? ""}`) || this.hasMarker;
  }
}
