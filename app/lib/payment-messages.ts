/** What the shopper is told about online payment (spec §8), for the server and the page alike. */
export const PAYMENT_MESSAGES = {
  gateway: "There was a problem connecting to the payment gateway.",
  initiate: "Failed to initiate payment gateway authorization.",
  unavailable: "Online payment is currently unavailable. Pay at the store instead.",
} as const;
