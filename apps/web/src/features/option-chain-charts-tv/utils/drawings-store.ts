// Drawings are saved per instrument (the option's trading symbol, e.g. NIFTY26N2424500CE), so a line drawn on a
// strike's chart is there again after a reload, whichever place that strike takes on the page, and is not shown on
// another strike's chart.
import { parseDrawings, serialiseDrawings, type Drawing } from '@fnodesk/charts/drawing';
import { readStoredItem, removeStoredItem, writeStoredItem } from '../../../lib/local-storage';

/** Prefix of the localStorage keys holding one instrument's drawings. */
export const DRAWINGS_STORAGE_PREFIX = 'option-chain-tv-drawings:';

/** The storage key of an instrument's drawings. */
export function drawingsStorageKey(instrument: string): string {
  return `${DRAWINGS_STORAGE_PREFIX}${instrument}`;
}

/** The drawings saved for an instrument (none when nothing or nothing readable is saved). */
export function readDrawings(instrument: string): Drawing[] {
  return parseDrawings(readStoredItem(drawingsStorageKey(instrument)));
}

/** Saves an instrument's drawings; with none left the key is removed rather than kept empty. */
export function writeDrawings(instrument: string, drawings: readonly Drawing[]): void {
  if (drawings.length === 0) removeStoredItem(drawingsStorageKey(instrument));
  else writeStoredItem(drawingsStorageKey(instrument), serialiseDrawings(drawings));
}
