/**
 * The checkout's and the delivery form's text fields say that they are required: to the eye, a
 * '*' after the label (outside it, so the label stays the field's name); to a screen reader,
 * aria-required (the '*' hidden from it). An optional one says neither (WCAG 3.3.2).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TextField } from "~/components/forms/Field";
import { EmailField } from "~/components/forms/PersonFields";

const field = (name: string) => ({ id: `f-${name}`, name, initialValue: "", errors: [] });

describe("text fields", () => {
  it("a required one is marked on its label and its control", () => {
    const html = renderToStaticMarkup(
      createElement(EmailField, { field: field("email"), label: "Email" }),
    );
    expect(html).toContain(
      '<label for="f-email">Email</label><span class="field__required" aria-hidden="true">*</span>',
    );
    expect(html).toMatch(/<input[^>]*aria-required="true"/);
  });

  it("an optional one is not", () => {
    const html = renderToStaticMarkup(
      createElement(TextField, { field: field("unit"), label: "Unit", optional: true }),
    );
    expect(html).not.toContain("field__required");
    expect(html).not.toContain("aria-required");
  });
});
