/** What the hero says you can trade, in turn. */
export const HERO_WORDS: readonly string[] = ['Stocks', 'Futures', 'Options', 'Commodities', 'USDINR'];
/** How long each hero word stays up. */
export const HERO_WORD_INTERVAL_MS = 2000;
