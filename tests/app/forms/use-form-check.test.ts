/**
 * useFormCheck (app/components/forms/useFormCheck.ts), the checkout's, the delivery form's and
 * the product form's errors in the browser, driven with the checkout's real check: a required
 * field left empty must be reported (on a press, which is then stopped, and once the field is
 * left), and the server's answer must show its errors at once.
 *
 * No DOM here: React's useState is replaced by a store that keeps each state between "renders",
 * and the form's controls and FormData are stand-ins that carry a name and the form's values.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const hooks = vi.hoisted(() => ({ states: [] as unknown[], next: 0 }));

vi.mock("react", async (importOriginal) => {
  const react = await importOriginal<typeof import("react")>();
  const useState = (initial: unknown) => {
    const i = hooks.next++;
    if (!(i in hooks.states)) {
      hooks.states[i] = typeof initial === "function" ? (initial as () => unknown)() : initial;
    }
    const set = (value: unknown) => {
      hooks.states[i] =
        typeof value === "function" ? (value as (v: unknown) => unknown)(hooks.states[i]) : value;
    };
    return [hooks.states[i], set];
  };
  return { ...react, useState };
});

const { useFormCheck } = await import("~/components/forms/useFormCheck");
const { checkCheckoutForm } = await import("~/components/checkout/checkout-form-schema");

/** A control of the form: what the hook reads of an event's target. */
class Control {
  constructor(readonly name: string) {}
}
/** The form: its values, as a browser's FormData would read them. */
class Form {
  constructor(readonly values: Record<string, string>) {}
}
/** A text input of the form, as the hook sees an event's target. */
const input = (name: string) =>
  new (globalThis as unknown as { HTMLInputElement: typeof Control }).HTMLInputElement(name);
const BrowserFormData = globalThis.FormData;
beforeAll(() => {
  vi.stubGlobal("HTMLInputElement", class extends Control {});
  vi.stubGlobal("HTMLSelectElement", class extends Control {});
  vi.stubGlobal("HTMLTextAreaElement", class extends Control {});
  vi.stubGlobal(
    "FormData",
    class extends BrowserFormData {
      constructor(form?: Form) {
        super();
        for (const [name, value] of Object.entries(form?.values ?? {})) this.append(name, value);
      }
    },
  );
});
afterAll(() => vi.unstubAllGlobals());

const filled = {
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
  phone: "2025550143",
  pickup_location_id: "1",
  notes: "",
};

/** A form under the hook: each render calls it afresh, as React would. */
function checkoutForm(options: Partial<Parameters<typeof useFormCheck>[0]> = {}) {
  hooks.states = [];
  const render = () => {
    hooks.next = 0;
    return useFormCheck<typeof filled>({ id: "checkout", check: checkCheckoutForm, ...options });
  };
  return render;
}

const press = (form: ReturnType<ReturnType<typeof checkoutForm>>[0], values: Form) => {
  const preventDefault = vi.fn();
  form.onSubmit({ currentTarget: values, preventDefault } as never);
  return preventDefault;
};

/** The message the checkout's own check gives a field for these values. */
const messageOf = (values: Record<string, string>, field: string) => {
  const outcome = checkCheckoutForm(new FormData(new Form(values) as never));
  return outcome.status === "error" ? outcome.error?.[field] : undefined;
};

describe("useFormCheck", () => {
  it("reports a required field left empty when the form is pressed, and stops the press", () => {
    const render = checkoutForm();
    const values = new Form({ ...filled, email: "" });
    const expected = messageOf(values.values, "email");
    expect(expected?.length).toBeGreaterThan(0);

    expect(render()[1].email.errors).toBeUndefined();
    const stopped = press(render()[0], values);
    const [form, fields] = render();
    expect(stopped).toHaveBeenCalledOnce();
    expect(fields.email.errors).toEqual(expected);
    expect(form.allErrors).toEqual({ email: expected });
    expect(fields.first_name.errors).toBeUndefined();
  });

  it("lets a press with every required field filled through, showing nothing", () => {
    const render = checkoutForm();
    const stopped = press(render()[0], new Form(filled));
    expect(stopped).not.toHaveBeenCalled();
    expect(render()[0].allErrors).toEqual({});
  });

  it("reports a required field once it is left, and no other field not yet visited", () => {
    const render = checkoutForm();
    const values = new Form({ ...filled, first_name: "", email: "" });
    render()[0].onBlur({ currentTarget: values, target: input("first_name") } as never);
    const [, fields] = render();
    expect(fields.first_name.errors).toEqual(messageOf(values.values, "first_name"));
    expect(fields.first_name.errors?.length).toBeGreaterThan(0);
    expect(fields.email.errors).toBeUndefined();
    expect(fields.first_name.id).toBe("checkout-first_name");
  });

  it("shows the server's answer at once: its errors and the values that were sent", () => {
    const message = "Please enter your email address.";
    const render = checkoutForm({
      check: null,
      lastResult: { initialValue: { email: "ada@" }, error: { email: [message] } },
    });
    const [form, fields] = render();
    expect(fields.email.errors).toEqual([message]);
    expect(fields.email.initialValue).toBe("ada@");
    // The check has not arrived yet: a press goes to the server as it would without scripts.
    expect(press(form, new Form(filled))).not.toHaveBeenCalled();
  });
});
