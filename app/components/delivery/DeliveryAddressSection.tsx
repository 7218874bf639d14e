import { DeliveryPartnerMark } from "./DeliveryPartnerMark";

/** A delivery order's delivery as the checkout and confirmation show it. */
export interface DeliveryView {
  name: string;
  street: string;
  place: string;
  phone: string;
  instructions: string | null;
  provider: "store" | "door_dash";
  description: string;
}

/** 'Delivery Address' (spec §2 /checkout, /confirmation): who receives it, where, and how. */
export function DeliveryAddressSection({
  delivery,
  children,
}: {
  delivery: DeliveryView;
  /** A way to change it, where the order may still change. */
  children?: React.ReactNode;
}) {
  return (
    <section className="card checkout-section" aria-labelledby="delivery-address-title">
      <div className="checkout-section__head">
        <h2 id="delivery-address-title" className="checkout-section__title">
          Delivery Address
        </h2>
        {children}
      </div>
      <p className="checkout-section__store">
        <strong>{delivery.name}</strong>
        <br />
        {delivery.street}
        <br />
        {delivery.place}
        <br />
        {delivery.phone}
      </p>
      {delivery.instructions ? (
        <p className="field__hint">Message to driver: {delivery.instructions}</p>
      ) : null}
      <p className="delivery-description">
        {delivery.provider === "door_dash" ? <DeliveryPartnerMark /> : null} {delivery.description}
      </p>
    </section>
  );
}
