/**
 * Forms as a browser without scripts sends them: the fields of the form that holds a given
 * control, read from the page's HTML as it was rendered (hidden inputs, CSRF token included).
 */
const ATTR = (tag: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, "i").exec(tag)?.[1];

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

export interface RenderedForm {
  action: string | undefined;
  data: FormData;
}

/**
 * The form around the first occurrence of `marker` (a button's text, say): its action and the
 * values it would post. Checked radios and checkboxes, each select's selected (else first
 * non-empty) option; file inputs and submit buttons are left out.
 */
export function renderedForm(html: string, marker: string): RenderedForm | null {
  const at = html.indexOf(marker);
  const start = html.lastIndexOf("<form", at);
  const end = html.indexOf("</form>", at);
  if (at < 0 || start < 0 || end < 0) return null;
  const form = html.slice(start, end);
  const open = /^<form\b[^>]*>/i.exec(form)?.[0] ?? "";
  const data = new FormData();
  for (const [tag] of form.matchAll(/<input\b[^>]*>/gi)) {
    const name = ATTR(tag, "name");
    const type = (ATTR(tag, "type") ?? "text").toLowerCase();
    if (!name || type === "file" || type === "submit") continue;
    if ((type === "radio" || type === "checkbox") && !/\bchecked\b/i.test(tag)) continue;
    data.append(name, unescapeHtml(ATTR(tag, "value") ?? (type === "checkbox" ? "on" : "")));
  }
  for (const [, openTag, options] of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
    const name = ATTR(openTag ?? "", "name");
    const all = [...(options ?? "").matchAll(/<option\b[^>]*>/gi)].map(([tag]) => tag);
    const chosen =
      all.find((tag) => /\bselected\b/i.test(tag)) ?? all.find((tag) => ATTR(tag, "value"));
    const value = chosen ? ATTR(chosen, "value") : undefined;
    if (name && value !== undefined) data.append(name, unescapeHtml(value));
  }
  const action = ATTR(open, "action");
  return { action: action ? unescapeHtml(action) : undefined, data };
}
