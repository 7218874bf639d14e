/**
 * The person fields that the checkout's customer and the delivery form share: first and last
 * name, email and phone, each with the same autocomplete and limits (core/rules/checkout-customer).
 */
import { EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "@core/rules/limits";
import { TextField, type TextFieldMetadata } from "./Field";

export function NameFields({
  firstName,
  lastName,
}: {
  firstName: TextFieldMetadata;
  lastName: TextFieldMetadata;
}) {
  return (
    <>
      <TextField
        field={firstName}
        label="First Name"
        autoComplete="given-name"
        maxLength={PERSON_NAME_MAX_LENGTH}
      />
      <TextField
        field={lastName}
        label="Last Name"
        autoComplete="family-name"
        maxLength={PERSON_NAME_MAX_LENGTH}
      />
    </>
  );
}

export function EmailField({
  field,
  label,
  className,
}: {
  field: TextFieldMetadata;
  label: string;
  className?: string;
}) {
  return (
    <TextField
      field={field}
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      spellCheck={false}
      maxLength={EMAIL_MAX_LENGTH}
      className={className}
    />
  );
}

export function PhoneField({ field, label }: { field: TextFieldMetadata; label: string }) {
  return (
    <TextField
      field={field}
      label={label}
      type="tel"
      autoComplete="tel-national"
      hint="10 digits, e.g. (609) 555-0142"
      maxLength={PHONE_MAX_LENGTH}
    />
  );
}
