import { describe, expect, it } from 'vitest';
import { isDaily, needsOwnDay } from './capteurs';

// La Garonne à Portet in the demo: water levels every 5 minutes, a daily mean flow dated at noon UTC of its day.
const hauteur = { pas_min: 5, ts: Date.parse('2022-01-31T23:55:00Z') };
const debitJour = { pas_min: 1440, ts: Date.parse('2022-01-31T12:00:00Z') };

describe('a daily value beside other readings', () => {
  it('is daily from a step of a day', () => {
    expect([5, 60, 1440, null, undefined].map(isDaily)).toEqual([false, false, true, false, false]);
  });

  it('says its own day under another sensor’s latest reading, not when that line already dates it', () => {
    expect(needsOwnDay(debitJour, hauteur.ts)).toBe(true);
    expect(needsOwnDay(debitJour, debitJour.ts)).toBe(false);
    expect(needsOwnDay(hauteur, debitJour.ts)).toBe(false);
    expect(needsOwnDay({ pas_min: 1440, ts: null }, hauteur.ts)).toBe(false);
  });
});
