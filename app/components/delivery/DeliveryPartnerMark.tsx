import doorDashMarkHref from "./doordash-mark.svg?url";

/**
 * The delivery partner's mark (spec §9: "Delivery partner image shows for door_dash"): the
 * partner's image, named by its alt text, so a screen reader hears "Delivered by DoorDash".
 */
export function DeliveryPartnerMark() {
  return (
    <span className="partner-mark">
      Delivered by{" "}
      <img
        src={doorDashMarkHref}
        alt="DoorDash"
        width={88}
        height={20}
        className="partner-mark__image"
      />
    </span>
  );
}
