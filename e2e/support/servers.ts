/**
 * Where the e2e servers listen. E2E_PORT lets several runs share a machine; each gets its own
 * servers and database files. The second server's brand cannot change stores (spec §2), and it
 * has the order-system integration on (past orders, spec §2): the first has it off.
 */
export const PORT = Number(process.env.E2E_PORT || 3123);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const FIXED_STORE_PORT = Number(process.env.E2E_FIXED_STORE_PORT || PORT + 1000);
export const FIXED_STORE_URL = `http://127.0.0.1:${FIXED_STORE_PORT}`;
