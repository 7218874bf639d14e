import { NOTES_MAX_LENGTH } from "@core/rules/limits";
import type { ReactNode } from "react";
import type { CheckoutFormValues } from "./checkout-form-schema";
import { SmsTerms } from "./SmsTerms";
import { Field } from "~/components/forms/Field";
import { EmailField, NameFields, PhoneField } from "~/components/forms/PersonFields";
import { FieldError } from "~/components/forms/FieldError";
import type { FormFields } from "~/components/forms/useFormCheck";

/** The checkout form's fields, as useFormCheck gives them. */
type CheckoutFields = FormFields<CheckoutFormValues>;

const SMS_TERMS_ID = "sms-terms";

/** A card of the checkout page, named by its heading. */
function CheckoutSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="card checkout-section" aria-labelledby={id}>
      <h2 id={id} className="checkout-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** 'Your Information' (spec §5 checkout customer): name, email, phone and how to hear when ready. */
export function CustomerSection({
  fields,
  smsOffered,
  smsPhone,
}: {
  fields: CheckoutFields;
  smsOffered: boolean;
  smsPhone: string | null;
}) {
  const noticeChoices = [
    { value: "email", label: "Email me" },
    ...(smsOffered ? [{ value: "sms", label: "Text me (SMS)" }] : []),
  ];
  const chosenNotices = fields.notification_type.initialValue;
  const chosenList = Array.isArray(chosenNotices)
    ? chosenNotices
    : chosenNotices
      ? [chosenNotices]
      : [];
  return (
    <CheckoutSection id="customer-title" title="Your Information">
      <p className="field__hint">
        Fields marked * are required. We use them only to tell you about this order.
      </p>
      <div className="form-grid">
        <NameFields firstName={fields.first_name} lastName={fields.last_name} />
        <EmailField field={fields.email} label="Email" />
        <PhoneField field={fields.phone} label="Mobile Phone" />
      </div>
      <fieldset className="checkbox-group" id={fields.notification_type.id}>
        <legend>Tell me when my order is ready</legend>
        {noticeChoices.map((choice) => (
          <div key={choice.value} className="checkbox-field">
            <input
              type="checkbox"
              id={`${fields.notification_type.id}-${choice.value}`}
              name={fields.notification_type.name}
              value={choice.value}
              defaultChecked={chosenList.includes(choice.value)}
              aria-describedby={choice.value === "sms" ? SMS_TERMS_ID : undefined}
            />
            <label htmlFor={`${fields.notification_type.id}-${choice.value}`}>{choice.label}</label>
          </div>
        ))}
        {smsOffered ? <SmsTerms id={SMS_TERMS_ID} phone={smsPhone} /> : null}
        <FieldError message={fields.notification_type.errors?.[0]} />
      </fieldset>
    </CheckoutSection>
  );
}

/** 'Order Notes': anything the store should know. */
export function NotesSection({ fields }: { fields: CheckoutFields }) {
  return (
    <CheckoutSection id="notes-title" title="Order Notes">
      <Field
        id={fields.notes.id}
        label={
          <>
            Anything the store should know? <span className="field__optional">(optional)</span>
          </>
        }
        error={fields.notes.errors?.[0]}
        messagesBelow
      >
        {(control) => (
          <textarea
            {...control}
            name={fields.notes.name}
            className="input textarea"
            rows={3}
            maxLength={NOTES_MAX_LENGTH}
            defaultValue={String(fields.notes.initialValue ?? "")}
          />
        )}
      </Field>
    </CheckoutSection>
  );
}
