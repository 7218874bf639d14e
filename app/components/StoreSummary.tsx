import type { Store } from "@core/contract/stores";
import { formatPhone } from "@core/rules/phone";

/** What the summary shows of a store (the API's Store, core/contract/stores.ts). */
export type StoreSummaryData = Pick<
  Store,
  "name" | "address" | "city" | "state" | "zip_code" | "phone"
>;

/** Just the summary's fields: a loader hands the page no more of the store than it shows. */
export function storeSummaryOf(store: StoreSummaryData): StoreSummaryData {
  const { name, address, city, state, zip_code, phone } = store;
  return { name, address, city, state, zip_code, phone };
}

/** Name, street, 'City, ST 12345' and phone of a store. */
export function StoreSummary({
  store,
  headingLevel = 2,
}: {
  store: StoreSummaryData;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const phone = store.phone ? formatPhone(store.phone) : null;
  return (
    <div className="store-summary">
      <Heading className="store-summary__name">{store.name}</Heading>
      <address>
        {store.address}
        <br />
        {store.city}, {store.state} {store.zip_code}
      </address>
      {phone ? (
        <p className="store-summary__phone">
          <a href={`tel:${phone.digits}`}>{phone.display}</a>
        </p>
      ) : null}
    </div>
  );
}
