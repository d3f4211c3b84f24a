import { beforeEach, describe, expect, it } from 'vitest';
import {
  drawingsStorageKey,
  drawingsUnsynced,
  markDrawingsSynced,
  markDrawingsUnsynced,
  readDrawings,
  writeDrawings,
} from './drawings-store';

beforeEach(() => localStorage.clear());

describe('drawings store', () => {
  it('keeps each instrument’s drawings apart', () => {
    writeDrawings('NIFTY26N2424500CE', [{ kind: 'horizontal-line', id: 'a', price: 120 }]);
    writeDrawings('NIFTY26N2424500PE', [{ kind: 'horizontal-line', id: 'b', price: 80 }]);
    expect(readDrawings('NIFTY26N2424500CE')).toEqual([{ kind: 'horizontal-line', id: 'a', price: 120 }]);
    expect(readDrawings('NIFTY26N2424500PE').map((d) => d.id)).toEqual(['b']);
    expect(readDrawings('NIFTY26N2424600CE')).toEqual([]);
  });

  it('removes the key when the last drawing is deleted', () => {
    writeDrawings('X', [{ kind: 'horizontal-line', id: 'a', price: 1 }]);
    writeDrawings('X', []);
    expect(localStorage.getItem(drawingsStorageKey('X'))).toBeNull();
  });

  it('reads a broken store as no drawings', () => {
    localStorage.setItem(drawingsStorageKey('X'), '{oops');
    expect(readDrawings('X')).toEqual([]);
  });

  it('remembers per instrument that drawings changed here until the server has them', () => {
    markDrawingsUnsynced('A');
    expect(drawingsUnsynced('A')).toBe(true);
    expect(drawingsUnsynced('B')).toBe(false);
    markDrawingsSynced('A');
    expect(drawingsUnsynced('A')).toBe(false);
  });
});
