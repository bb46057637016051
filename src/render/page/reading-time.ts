/**
 * How long a post takes to read, in whole minutes: its words at 230 a minute
 * (Brysbaert, 2019: silent reading of non-fiction in English, 238), and
 * Chinese, Japanese and Korean text by its characters at 500 a minute, which
 * is how those languages are counted. At least one minute.
 */
const WORDS_A_MINUTE = 230;
const CHARACTERS_A_MINUTE = 500;
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/g;

/** `html` is the post's body as rendered: its text is what a reader reads. */
export function readingMinutes(html: string): number {
  const text = html.replace(/<[^>]*>/g, " ").replace(/&[a-z#0-9]+;/gi, " ");
  const characters = text.match(CJK)?.length ?? 0;
  const words = text
    .replace(CJK, " ")
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / WORDS_A_MINUTE + characters / CHARACTERS_A_MINUTE));
}
