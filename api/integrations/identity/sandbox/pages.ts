/**
 * The sandbox provider's pages: plain server-rendered HTML forms that work without JavaScript,
 * with a small stylesheet of their own (nonce'd for the site's CSP). They look like a separate
 * sign-in service on purpose: the shopper has left the shop for the provider.
 */
import { escapeUTF8 as escapeHTML } from "entities";
import { sandboxDocument } from "../../sandbox-document";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:#eef1f5;color:#1b2330}
main{max-width:26rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.badge{display:inline-block;margin:0 0 1rem;padding:.15rem .6rem;border-radius:999px;background:#fff4d6;color:#6b4500;font-size:.85rem;font-weight:600}
h1{margin:0 0 .25rem;font-size:1.5rem}
p{margin:.25rem 0 1.25rem}
label{display:block;margin:1rem 0 .3rem;font-weight:600}
input{width:100%;padding:.6rem .7rem;border:1px solid #6b7585;border-radius:6px;font:inherit;color:inherit}
input:focus{outline:3px solid #2f5fd0;outline-offset:1px}
.hint{display:block;font-weight:400;font-size:.9rem;color:#4a5362}
button{margin-top:1.5rem;width:100%;padding:.7rem;border:0;border-radius:6px;background:#2848a8;color:#fff;font:inherit;font-weight:700;cursor:pointer}
button:hover{background:#1d378a}
.error{padding:.6rem .8rem;border-radius:6px;background:#fde8e8;color:#8a1414;font-weight:600}
a{color:#2848a8}
footer{margin-top:1.5rem;font-size:.9rem;color:#4a5362}
`;

function page(nonce: string, title: string, body: string): string {
  return sandboxDocument({
    nonce,
    title,
    service: "Sandbox Sign-On",
    style: STYLE,
    body: `<main>
<span class="badge">Sandbox identity provider</span>
${body}
<footer>Test accounts only: never use a real password here.</footer>
</main>`,
  });
}

const errorLine = (error?: string) =>
  error ? `<p class="error" role="alert">${escapeHTML(error)}</p>` : "";

function field(
  name: string,
  label: string,
  opts: { type?: string; value?: string; autocomplete: string; required?: boolean; hint?: string },
) {
  const id = `field-${name}`;
  const hint = opts.hint
    ? ` <span class="hint" id="${id}-hint">${escapeHTML(opts.hint)}</span>`
    : "";
  return `<label for="${id}">${escapeHTML(label)}${hint}</label>
<input id="${id}" name="${name}" type="${opts.type ?? "text"}" autocomplete="${opts.autocomplete}"${
    opts.value ? ` value="${escapeHTML(opts.value)}"` : ""
  }${opts.required === false ? "" : " required"} maxlength="200"${opts.hint ? ` aria-describedby="${id}-hint"` : ""}>`;
}

export function signInPage(
  nonce: string,
  action: string,
  registerHref: string,
  opts: { email?: string; error?: string } = {},
): string {
  return page(
    nonce,
    "Sign in",
    `<h1>Sign in</h1>
<p>Use your Price Plus account to shop and pay online.</p>
${errorLine(opts.error)}
<form method="post" action="${escapeHTML(action)}">
${field("email", "Email", { type: "email", value: opts.email, autocomplete: "username" })}
${field("password", "Password", { type: "password", autocomplete: "current-password" })}
<button type="submit">Sign in</button>
</form>
<p>New here? <a href="${escapeHTML(registerHref)}">Create an account</a></p>`,
  );
}

export interface RegistrationValues {
  email?: string;
  given_name?: string;
  family_name?: string;
  phone?: string;
}

export function registrationPage(
  nonce: string,
  action: string,
  signInHref: string,
  opts: { values?: RegistrationValues; error?: string } = {},
): string {
  const v = opts.values ?? {};
  return page(
    nonce,
    "Create an account",
    `<h1>Create an account</h1>
<p>One account signs you in at every Price Plus store.</p>
${errorLine(opts.error)}
<form method="post" action="${escapeHTML(action)}">
${field("given_name", "First name", { value: v.given_name, autocomplete: "given-name" })}
${field("family_name", "Last name", { value: v.family_name, autocomplete: "family-name" })}
${field("email", "Email", { type: "email", value: v.email, autocomplete: "email" })}
${field("phone", "Mobile phone", { type: "tel", value: v.phone, autocomplete: "tel", required: false, hint: "Optional" })}
${field("password", "Password", { type: "password", autocomplete: "new-password", hint: "At least 8 characters" })}
<button type="submit">Create account and sign in</button>
</form>
<p>Already have an account? <a href="${escapeHTML(signInHref)}">Sign in</a></p>`,
  );
}

export function errorPage(nonce: string, message: string): string {
  return page(
    nonce,
    "Sign-in problem",
    `<h1>Sign-in problem</h1>
<p class="error" role="alert">${escapeHTML(message)}</p>
<p>Go back to the shop and choose Sign In again.</p>`,
  );
}

/** An address as the address page shows and takes it. */
export interface AddressValues {
  address_line_1?: string;
  city?: string;
  state?: string;
  zip_code?: string;
}

export interface AddressPageOptions {
  /** Posted to (keeps `return` and `embedded` in its query). */
  action: string;
  /** The person's addresses, as lines. */
  addresses: readonly string[];
  /** The form's token, bound to the provider session. */
  token: string;
  /** Back to the shop (not shown inside the shop's dialog, whose Done closes it). */
  returnHref: string | null;
  values?: AddressValues;
  /** Per field, what is wrong. */
  errors?: Partial<Record<keyof AddressValues, string>>;
  /** Above the form: a problem that is no field's. */
  error?: string;
  /** Said once an address is saved. */
  saved?: boolean;
}

const ADDRESS_STYLE = `
ul.addresses{margin:0 0 1rem;padding:0;list-style:none}
ul.addresses li{padding:.5rem .7rem;margin:.3rem 0;border:1px solid #d3d8e0;border-radius:6px;background:#f7f9fc}
.field-error{display:block;margin:.3rem 0 0;color:#8a1414;font-weight:600;font-size:.9rem}
.saved{padding:.6rem .8rem;border-radius:6px;background:#e3f4e7;color:#14532d;font-weight:600}
h2{margin:1.5rem 0 .25rem;font-size:1.15rem}
@media (max-width:30rem){main{margin:.75rem auto;padding:1rem}}
`;

function addressField(
  name: keyof AddressValues,
  label: string,
  opts: AddressPageOptions,
  extra: { autocomplete: string; hint?: string; inputmode?: string; maxlength: number },
) {
  const id = `field-${name}`;
  const error = opts.errors?.[name];
  const hint = extra.hint
    ? ` <span class="hint" id="${id}-hint">${escapeHTML(extra.hint)}</span>`
    : "";
  const describedBy = [extra.hint ? `${id}-hint` : "", error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  const value = opts.values?.[name];
  return `<label for="${id}">${escapeHTML(label)}${hint}</label>
<input id="${id}" name="${name}" type="text" autocomplete="${extra.autocomplete}"${
    extra.inputmode ? ` inputmode="${extra.inputmode}"` : ""
  }${value ? ` value="${escapeHTML(value)}"` : ""} required maxlength="${extra.maxlength}"${
    describedBy ? ` aria-describedby="${describedBy}"` : ""
  }${error ? ` aria-invalid="true"` : ""}>${
    error ? `<span class="field-error" id="${id}-error">${escapeHTML(error)}</span>` : ""
  }`;
}

/** The signed-in person's address book and a form that adds to it. */
export function addressPage(nonce: string, opts: AddressPageOptions): string {
  const list = opts.addresses.length
    ? `<ul class="addresses">${opts.addresses.map((line) => `<li>${escapeHTML(line)}</li>`).join("")}</ul>`
    : "<p>No addresses yet.</p>";
  const back = opts.returnHref
    ? `<p><a href="${escapeHTML(opts.returnHref)}">Back to the shop</a></p>`
    : "";
  return sandboxDocument({
    nonce,
    title: "Your addresses",
    service: "Sandbox Sign-On",
    style: STYLE + ADDRESS_STYLE,
    // Named: framed in the shop's page, it is a second main landmark there.
    body: `<main aria-label="Sandbox Sign-On: your addresses">
<span class="badge">Sandbox identity provider</span>
<h1>Your addresses</h1>
${opts.saved ? '<p class="saved" role="status">Address saved.</p>' : ""}
${errorLine(opts.error)}
${list}
<h2>Add an address</h2>
<form method="post" action="${escapeHTML(opts.action)}" novalidate>
<input type="hidden" name="token" value="${escapeHTML(opts.token)}">
${addressField("address_line_1", "Street address", opts, { autocomplete: "address-line1", maxlength: 200 })}
${addressField("city", "City", opts, { autocomplete: "address-level2", maxlength: 100 })}
${addressField("state", "State", opts, { autocomplete: "address-level1", hint: "2 letters, such as NY", maxlength: 2 })}
${addressField("zip_code", "ZIP code", opts, { autocomplete: "postal-code", inputmode: "numeric", hint: "5 digits, or ZIP+4", maxlength: 10 })}
<button type="submit">Save address</button>
</form>
${back}
<footer>Test accounts only: never use a real password here.</footer>
</main>`,
  });
}

/**
 * The page's answer inside the shop's dialog: says the outcome and tells the shop (its one
 * origin) by a window message, so the shop can reload its list.
 */
export function embeddedOutcomePage(
  nonce: string,
  opts: { shopOrigin: string; saved: boolean; message: string },
): string {
  const payload = JSON.stringify({
    type: "address-added",
    status: opts.saved ? "success" : "error",
  });
  return sandboxDocument({
    nonce,
    title: opts.saved ? "Address saved" : "Address not saved",
    service: "Sandbox Sign-On",
    style: STYLE + ADDRESS_STYLE,
    body: `<main aria-label="Sandbox Sign-On: your addresses">
<span class="badge">Sandbox identity provider</span>
<h1>${opts.saved ? "Address saved" : "Address not saved"}</h1>
<p class="${opts.saved ? "saved" : "error"}" role="status">${escapeHTML(opts.message)}</p>
</main>
<script nonce="${escapeHTML(nonce)}">window.parent.postMessage(${payload.replaceAll("<", "\\u003c")}, ${JSON.stringify(opts.shopOrigin).replaceAll("<", "\\u003c")});</script>`,
  });
}
