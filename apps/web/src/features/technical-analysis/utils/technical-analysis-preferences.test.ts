import { afterEach, describe, expect, it } from 'vitest';
import {
  TECHNICAL_ANALYSIS_STORAGE_KEY,
  defaultTechnicalAnalysisPreferences,
  paneInstruments,
  readTechnicalAnalysisPreferences,
  writeTechnicalAnalysisPreferences,
} from './technical-analysis-preferences';

afterEach(() => window.localStorage.clear());

const banknifty = { token: 42, name: 'BANKNIFTY', label: 'BANKNIFTY', exchange: 'NSE' as const };

describe('Advance Chart preferences', () => {
  it('keep the layout and MTF under the spec’s key as chartView and mts', () => {
    const chosen = { ...defaultTechnicalAnalysisPreferences(), chartView: '3C', mts: true };
    writeTechnicalAnalysisPreferences(chosen);
    const stored = JSON.parse(window.localStorage.getItem(TECHNICAL_ANALYSIS_STORAGE_KEY)!) as Record<string, unknown>;
    expect(stored['chartView']).toBe('3C');
    expect(stored['mts']).toBe(true);
    expect(readTechnicalAnalysisPreferences()).toEqual(chosen);
  });

  it('fall back to the defaults for an unknown layout or unreadable storage, pane by pane for panes', () => {
    window.localStorage.setItem(TECHNICAL_ANALYSIS_STORAGE_KEY, '{"chartView":"9Z","mts":false}');
    expect(readTechnicalAnalysisPreferences()).toEqual(defaultTechnicalAnalysisPreferences());
    window.localStorage.setItem(
      TECHNICAL_ANALYSIS_STORAGE_KEY,
      JSON.stringify({ chartView: '4A', mts: false, panes: [{ instrument: banknifty, resolution: '1h' }, 'x'] }),
    );
    const read = readTechnicalAnalysisPreferences();
    expect(read.panes[0]).toEqual({ instrument: banknifty, resolution: '1h' });
    expect(read.panes[1]).toEqual(defaultTechnicalAnalysisPreferences().panes[1]);
    expect(read.panes).toHaveLength(6);
  });

  it('with MTF every pane shows pane 1’s instrument, each at its own resolution', () => {
    const preferences = defaultTechnicalAnalysisPreferences();
    preferences.panes[0] = { ...preferences.panes[0]!, instrument: banknifty };
    expect(paneInstruments(preferences)[3]!.name).toBe('NIFTY');
    expect(paneInstruments({ ...preferences, mts: true }).map((i) => i.name)).toEqual(Array(6).fill('BANKNIFTY'));
    expect(new Set(preferences.panes.map((p) => p.resolution)).size).toBe(6);
  });
});
