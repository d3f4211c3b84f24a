// Drawings are saved per instrument (the option's trading symbol, e.g. NIFTY26N2424500CE), so a line drawn on a
// strike's chart is there again after a reload, whichever place that strike takes on the page, and is not shown on
// another strike's chart.
import { parseDrawings, serialiseDrawings, type Drawing } from '@fnodesk/charts/drawing';
import { readStoredItem, removeStoredItem, writeStoredItem } from '../local-storage';

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

/** Prefix of the localStorage keys marking an instrument whose latest drawings the server may not hold yet. */
export const UNSYNCED_DRAWINGS_PREFIX = 'option-chain-tv-drawings-unsynced:';

/** Marks the instrument's drawings as changed here and not yet kept by the server. */
export function markDrawingsUnsynced(instrument: string): void {
  writeStoredItem(`${UNSYNCED_DRAWINGS_PREFIX}${instrument}`, '1');
}

/** Marks the instrument's drawings as kept by the server. */
export function markDrawingsSynced(instrument: string): void {
  removeStoredItem(`${UNSYNCED_DRAWINGS_PREFIX}${instrument}`);
}

/** True when the instrument's drawings changed here after the server last took them (a reload cut the save off). */
export function drawingsUnsynced(instrument: string): boolean {
  return readStoredItem(`${UNSYNCED_DRAWINGS_PREFIX}${instrument}`) !== null;
}
