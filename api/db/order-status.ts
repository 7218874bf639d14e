/**
 * npm run order:status -- ORDER_NUMBER STATUS
 * Sets a placed order's store-side status (any of core/rules/order-status STORE_STATUSES)
 * on the database DATABASE_URL names (default: the SQLite file in data/), as the store's order
 * system would: for demos and tests of past orders.
 */
import { STORE_STATUSES } from "@core/rules/order-status";
import { isStoreStatus, setStoreStatus } from "../services/store-status";
import { readVariable } from "@core/config/environment";
import { openDatabase } from "./connection";

const USAGE = `usage: npm run order:status -- ORDER_NUMBER <${STORE_STATUSES.join("|")}>`;

async function main([number, status]: string[]): Promise<number> {
  if (!number || !status || !isStoreStatus(status)) {
    console.error(USAGE);
    return 2;
  }
  const db = openDatabase(readVariable("DATABASE_URL", process.env));
  try {
    if (!(await setStoreStatus(db.kysely, number, status))) {
      console.error(`no placed order numbered ${number} on ${db.label}`);
      return 1;
    }
    console.log(`order ${number} is now ${status} on ${db.label}`);
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`order:status failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
