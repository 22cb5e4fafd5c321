/**
 * Spec selling §2: arriving at the sell wizard with navigation state step=boostStep opens step 3 (Boost) at once.
 * The ad page's boost panel (Upgrade, 'Boost this ad') sends it; the wizard reads it.
 */
export const BOOST_STEP_STATE = { step: "boostStep" } as const;

export const isBoostStepState = (state: unknown) =>
  typeof state === "object" && state !== null && (state as { step?: unknown }).step === BOOST_STEP_STATE.step;
