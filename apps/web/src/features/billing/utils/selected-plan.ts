import { ProductTypeSchema, type ProductType } from '@fnodesk/contracts';
import { z } from 'zod';
import { readStoredItem, removeStoredItem, writeStoredItem } from '../../../lib/local-storage';
import { SELECTED_PLAN_STORAGE_KEY } from '../../../lib/remembered-navigation';

/** The plan chosen on a pricing page, remembered until it is paid for (spec §3; the login routing reads it too). */
export const SelectedPlanSchema = z.object({
  packageId: z.string().min(1).max(32),
  planName: z.string().max(64),
  productType: ProductTypeSchema,
  promoCode: z.string().max(32).nullable(),
});
/** The remembered plan. */
export type SelectedPlan = z.infer<typeof SelectedPlanSchema>;

/** The remembered plan, or null when none (or something unusable) is stored. */
export function readSelectedPlan(): SelectedPlan | null {
  const raw = readStoredItem(SELECTED_PLAN_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed = SelectedPlanSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Remembers the chosen plan. */
export function rememberSelectedPlan(plan: SelectedPlan): void {
  writeStoredItem(SELECTED_PLAN_STORAGE_KEY, JSON.stringify(plan));
}

/** Forgets the chosen plan (after payment, or when the product is switched). */
export function clearSelectedPlan(): void {
  removeStoredItem(SELECTED_PLAN_STORAGE_KEY);
}

/** Whether the remembered plan is the Trial pass, which takes no promo code (spec §2 `/payment`). */
export function isTrialPlan(plan: Pick<SelectedPlan, 'planName'>): boolean {
  return plan.planName === 'Trial';
}

/** The remembered plan's product, for a product switch that must clear it (spec §4). */
export function selectedProduct(): ProductType | null {
  return readSelectedPlan()?.productType ?? null;
}
