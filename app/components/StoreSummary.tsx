import { formatPhone } from "@core/rules/phone";

export interface StoreSummaryData {
  name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  phone: string | null;
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
