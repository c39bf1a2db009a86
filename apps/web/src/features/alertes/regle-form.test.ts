import { describe, expect, it } from 'vitest';
import type { LieuAlertes, RegleSuggestion } from '@limni/shared/contracts/alertes';
import {
  parseNumber,
  regleOfForm,
  serverProblems,
  suggestionsRetenues,
  typeDisabled,
  TYPES,
  type RegleForm,
} from './regle-form';

const NAN = 'Indiquez un nombre.';
const form = (f: Partial<RegleForm>): RegleForm => ({
  type: 'au_dessus',
  grandeur: 'H',
  seuil: '',
  seuil2: '',
  horizon: '24',
  ...f,
});

/** A place with a water level, on a tronçon, forecasts not allowed. */
const lieu = (over: Partial<LieuAlertes> = {}): LieuAlertes => ({
  lieu: { id: 7, nom: 'La Garonne à Toulouse' },
  abonne: false,
  abonnement_actif: false,
  regles: [],
  grandeurs: [{ grandeur: 'H', unite: 'm', derniere_valeur: 0.7, dernier_ts: 0 }],
  vigilance_possible: true,
  prevision_possible: false,
  prevision_raison: 'Réservé',
  suggestions: [],
  ...over,
});

describe('parseNumber', () => {
  it.each([
    ['3,00', 3],
    [' 1 250,5 ', 1250.5],
    ['-0.4', -0.4],
    ['', null],
    ['trois', null],
    ['3,0,0', null],
  ])('%j → %j', (text, value) => {
    expect(parseNumber(text)).toBe(value);
  });
});

describe('regleOfForm', () => {
  it('reads a threshold typed the French way', () => {
    expect(regleOfForm(form({ seuil: '3,5' }), NAN)).toEqual({
      regle: { type: 'au_dessus', grandeur: 'H', seuil: 3.5 },
      problems: {},
    });
  });

  it('keeps the activity of the page the rule is made on, vigilance included (links of e-mails)', () => {
    expect(regleOfForm(form({ seuil: '3' }), NAN, 3).regle).toEqual({
      type: 'au_dessus',
      grandeur: 'H',
      seuil: 3,
      activite_id: 3,
    });
    expect(regleOfForm(form({ type: 'vigilance' }), NAN, 3).regle).toEqual({
      type: 'vigilance',
      activite_id: 3,
    });
  });

  it('turns a rate of water level typed in cm/h into m/h, not a rate of flow', () => {
    expect(regleOfForm(form({ type: 'montee', seuil: '12' }), NAN).regle.seuil).toBeCloseTo(0.12, 10);
    expect(regleOfForm(form({ type: 'montee', grandeur: 'Q', seuil: '12' }), NAN).regle.seuil).toBe(12);
  });

  it('says « not a number » once for a field, and what is missing elsewhere', () => {
    const { problems } = regleOfForm(form({ type: 'retour_plage', seuil: 'trois' }), NAN);
    expect(problems.seuil).toEqual([NAN]);
    expect(problems.seuil2).toEqual(['Indiquez la borne haute de la plage.']);
  });

  it('keeps only the fields of the type (vigilance: none; forecast: its horizon)', () => {
    expect(regleOfForm(form({ type: 'vigilance', seuil: '3' }), NAN)).toEqual({
      regle: { type: 'vigilance' },
      problems: {},
    });
    expect(regleOfForm(form({ type: 'prevision', seuil: '2', horizon: '100' }), NAN)).toEqual({
      regle: { type: 'prevision', grandeur: 'H', seuil: 2, horizon_h: 100 },
      problems: { horizon_h: ["L'horizon doit être compris entre 1 et 72 heures."] },
    });
  });
});

describe('typeDisabled', () => {
  it('disables forecasts without permission, a second vigilance rule, and thresholds without a sensor', () => {
    expect(TYPES.filter((t) => typeDisabled(lieu(), t))).toEqual(['prevision']);
    const withVigilance = lieu({ regles: [{ type: 'vigilance' } as LieuAlertes['regles'][number]] });
    expect(TYPES.filter((t) => typeDisabled(withVigilance, t))).toEqual(['prevision', 'vigilance']);
    expect(TYPES.filter((t) => typeDisabled(lieu({ grandeurs: [], vigilance_possible: false }), t))).toEqual(
      TYPES,
    );
  });
});

describe('suggestionsRetenues', () => {
  const suggestions: RegleSuggestion[] = [
    { regle: { type: 'vigilance' }, description: 'Vigilance', raison: 'Tronçon' },
    { regle: { type: 'au_dessus', grandeur: 'H', seuil: 1.72 }, description: 'Au-dessus', raison: 'Canoë' },
  ];

  it('sends the checked defaults, never a second vigilance rule', () => {
    expect(suggestionsRetenues(suggestions, [true, true], 'au_dessus')).toEqual([
      suggestions[0]?.regle,
      suggestions[1]?.regle,
    ]);
    expect(suggestionsRetenues(suggestions, [true, true], 'vigilance')).toEqual([suggestions[1]?.regle]);
    expect(suggestionsRetenues(suggestions, [false, true], 'au_dessus')).toEqual([suggestions[1]?.regle]);
  });
});

describe('serverProblems', () => {
  it('puts the errors of the first rule on the form fields, else the message on the form', () => {
    expect(serverProblems({ 'regles.0.seuil': ['Trop grand.'] }, 'Alerte invalide.')).toEqual({
      seuil: ['Trop grand.'],
    });
    expect(serverProblems({}, 'Vous suivez déjà 200 lieux.')).toEqual({ _: ['Vous suivez déjà 200 lieux.'] });
  });

  it('says on the form a refusal named on a field the form does not show', () => {
    const deja = 'Vous avez déjà cette alerte sur ce lieu.';
    expect(serverProblems({ 'regles.0.type': [deja] }, 'Alerte refusée.')).toEqual({ _: [deja] });
    expect(
      serverProblems({ 'regles.1.seuil': ['Trop grand.'], 'regles.0.seuil2': ['Sous le seuil.'] }, 'x'),
    ).toEqual({
      seuil2: ['Sous le seuil.'],
      _: ['Trop grand.'],
    });
  });
});
