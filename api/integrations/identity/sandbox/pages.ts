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
