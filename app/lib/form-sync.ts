/**
 * Spec §9: "Pickup and delivery form syncs debounced 250 ms": the checkout's entries are saved
 * on the order, and the delivery form's summary follows its tip, once typing pauses this long.
 */
export const FORM_SYNC_DEBOUNCE_MS = 250;
