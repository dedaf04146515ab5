/** The product's delays and limits (docs/product.md), in one place. */
export const COOKIE_BANNER_DELAY_MS = 1000;
export const LOGIN_RELOAD_DELAY_MS = 500;
/** After registration the compliance dialog opens after this delay (the compliance feature's hook). */
export const REGISTRATION_COMPLIANCE_DELAY_MS = 800;
/** On the holding screen the risk-assessment dialog opens after this delay (the compliance feature). */
export const HOLDING_SCREEN_DIALOG_DELAY_MS = 1000;
export const TOAST_DURATION_MS = 5000;
/** How long a dismissed toast is kept before it is removed. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_LIMIT = 1;
export const PARTICLE_COUNT = 50;
export const PARTICLE_LIFE_FRAMES = { min: 100, max: 400 } as const;
