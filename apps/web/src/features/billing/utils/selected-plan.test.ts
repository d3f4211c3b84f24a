import { afterEach, describe, expect, it } from 'vitest';
import { hasSelectedPlan, SELECTED_PLAN_STORAGE_KEY } from '../../../lib/remembered-navigation';
import { clearSelectedPlan, isTrialPlan, readSelectedPlan, rememberSelectedPlan } from './selected-plan';

afterEach(() => window.localStorage.clear());

describe('remembered plan', () => {
  it('is remembered under the key the login routing reads, and forgotten', () => {
    rememberSelectedPlan({ packageId: 'Starter', planName: 'Starter', productType: 'd', promoCode: null });
    expect(hasSelectedPlan()).toBe(true);
    expect(readSelectedPlan()).toEqual({
      packageId: 'Starter',
      planName: 'Starter',
      productType: 'd',
      promoCode: null,
    });
    clearSelectedPlan();
    expect(readSelectedPlan()).toBeNull();
  });

  it('ignores something unusable in storage', () => {
    window.localStorage.setItem(SELECTED_PLAN_STORAGE_KEY, '{"packageId":');
    expect(readSelectedPlan()).toBeNull();
    window.localStorage.setItem(SELECTED_PLAN_STORAGE_KEY, JSON.stringify({ packageId: 'x' }));
    expect(readSelectedPlan()).toBeNull();
  });

  it('knows the Trial pass by its plan name', () => {
    expect(isTrialPlan({ planName: 'Trial' })).toBe(true);
    expect(isTrialPlan({ planName: 'Starter' })).toBe(false);
  });
});
