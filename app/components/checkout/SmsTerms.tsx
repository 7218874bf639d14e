import { formatPhone } from "@core/rules/phone";

/**
 * The SMS program's help and cancel wording beside a text-message choice (spec §9), with the
 * store's phone number. Shown only where SMS is offered.
 */
export function SmsTerms({ id, phone }: { id: string; phone: string | null }) {
  const formatted = phone ? formatPhone(phone) : null;
  return (
    <p id={id} className="field__hint sms-terms">
      Reply HELP for help or STOP to cancel. Message and data rates may apply.
      {formatted ? (
        <>
          {" "}
          For help call{" "}
          <a href={`tel:${formatted.digits}`} className="nowrap">
            {formatted.display}
          </a>
          .
        </>
      ) : null}
    </p>
  );
}
