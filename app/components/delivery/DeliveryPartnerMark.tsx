/**
 * The delivery partner's mark (spec §9: shown for door_dash orders): the partner who brings the
 * order, said in words, so it needs no image and reads the same to a screen reader.
 */
export function DeliveryPartnerMark() {
  return (
    <span className="partner-mark">
      Delivered by <strong>DoorDash</strong>
    </span>
  );
}
