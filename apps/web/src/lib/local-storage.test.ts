import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredItem, removeStoredItem, writeStoredItem } from './local-storage';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('local storage', () => {
  it('writes, reads and removes a value', () => {
    writeStoredItem('isDark', 'true');
    expect(readStoredItem('isDark')).toBe('true');
    removeStoredItem('isDark');
    expect(readStoredItem('isDark')).toBeNull();
  });

  it('treats disabled storage as empty and never throws', () => {
    // Browsers that block storage throw on the very access to window.localStorage.
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => writeStoredItem('user', '{}')).not.toThrow();
    expect(readStoredItem('user')).toBeNull();
    expect(() => removeStoredItem('user')).not.toThrow();
  });
});
