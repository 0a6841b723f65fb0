import { describe, expect, it } from 'vitest';
import {
  commonTrialDays,
  hasTrial,
  offerOf,
  readTrialDays,
  trialInvitation,
  trialNote,
  trialTerms,
} from './offer.ts';

// Every sentence about trials, in every configuration the settings allow (docs/billing.md, "Trials").

describe('the trial settings', () => {
  it('reads days for every plan, or plan=days pairs, and says what is wrong otherwise', () => {
    expect(readTrialDays(undefined)).toEqual({ starter: 0, pro: 0, business: 0 });
    expect(readTrialDays(' 14 ')).toEqual({ starter: 14, pro: 14, business: 14 });
    expect(readTrialDays('starter=7, business=30')).toEqual({ starter: 7, pro: 0, business: 30 });
    for (const bad of ['14d', '-1', '731', 'gold=7', 'pro', 'pro=7=8', 'pro=x', 'pro=7,']) {
      expect(readTrialDays(bad), bad).toMatch(/^must be a number of days/);
    }
  });

  it('says nothing of a trial when there is none, and counts a refused setting as none', () => {
    for (const settings of [{}, { STRIPE_TRIAL_DAYS: '0' }, { STRIPE_TRIAL_DAYS: 'nonsense' }]) {
      const offer = offerOf(settings);
      expect(hasTrial(offer)).toBe(false);
      expect(trialTerms(offer)).toBeNull();
      expect(trialInvitation(offer)).toBeNull();
    }
  });

  it('states one length for all plans, with the card asked first', () => {
    const offer = offerOf({ STRIPE_TRIAL_DAYS: '14' });
    expect(commonTrialDays(offer)).toBe(14);
    expect(trialTerms(offer)).toBe(
      'Every plan starts with a 14-day free trial. Checkout asks for a card, the first payment is taken when the trial ends, and cancelling before then costs nothing.',
    );
    expect(trialInvitation(offer)).toBe('Start your 14-day free trial today, and cancel at any time.');
  });

  it('names each plan with a trial when the lengths differ, and what the end without a card does', () => {
    const cancel = offerOf({ STRIPE_TRIAL_DAYS: 'starter=7,business=30', STRIPE_TRIAL_CARD: 'optional' });
    expect(commonTrialDays(cancel)).toBeNull();
    expect(trialTerms(cancel)).toBe(
      'Starter starts with a 7-day free trial and Business starts with a 30-day free trial. No card is needed to start it: add one before it ends to keep your plan, or the plan ends when the trial does.',
    );
    expect(trialInvitation(cancel)).toBe(
      'Start your free trial today with no card needed, and cancel at any time.',
    );
    const pause = offerOf({
      STRIPE_TRIAL_DAYS: '14',
      STRIPE_TRIAL_CARD: 'optional',
      STRIPE_TRIAL_END_WITHOUT_CARD: 'pause',
    });
    expect(trialTerms(pause)).toContain('or the plan is paused until you add one when the trial does.');
    expect(trialNote(cancel)).toBe('Free trial days: Starter 7, Business 30; no card needed.');
    expect(trialNote(offerOf({ STRIPE_TRIAL_DAYS: '14' }))).toBe(
      '14-day free trial; checkout asks for a card.',
    );
    expect(trialNote(offerOf({}))).toBeNull();
  });
});
