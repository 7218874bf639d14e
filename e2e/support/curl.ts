/**
 * A shopper without any script at all: curl with one cookie jar, following redirects as a
 * browser does (a 303 after a post becomes a GET). Forms are read off the page and sent with the
 * values a browser would send: hidden and filled inputs, checked boxes, selected options.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { decodeHTML } from "entities";

const run = promisify(execFile);

export interface CurlPage {
  status: number;
  /** Where the last redirect led. */
  url: URL;
  html: string;
}

export interface PageForm {
  method: "get" | "post";
  action: URL;
  multipart: boolean;
  /** The page's origin: a browser sends it with every post (the site's CSRF check needs it). */
  origin: string;
  /** In document order, as a browser sends them (the pressed button's own value last). */
  fields: [string, string][];
}

const attribute = (tag: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return match ? decodeHTML(match[1] ?? "") : null;
};
const hasAttribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}(=|\\s|/?>)`, "i").test(tag);
const openTagOf = (html: string) => html.slice(0, html.indexOf(">") + 1);
const textOf = (html: string) =>
  decodeHTML(html.replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();

export class CurlShopper {
  private readonly jar: string;

  constructor(private readonly baseUrl: string) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "oe-curl-"));
    this.jar = path.join(folder, "cookies.txt");
  }

  /** Another shopper holding a copy of this one's cookies as they are now (a stolen jar). */
  copy(): CurlShopper {
    const other = new CurlShopper(this.baseUrl);
    if (fs.existsSync(this.jar)) fs.copyFileSync(this.jar, other.jar);
    return other;
  }

  /** The jar's cookies for this site, by name. */
  cookies(): Map<string, string> {
    const cookies = new Map<string, string>();
    if (!fs.existsSync(this.jar)) return cookies;
    for (const line of fs.readFileSync(this.jar, "utf8").split("\n")) {
      // Netscape format; httpOnly cookies start with "#HttpOnly_".
      const fields = line.replace(/^#HttpOnly_/, "").split("\t");
      const [, , , , , name, value] = fields;
      if (name !== undefined && value !== undefined && !line.startsWith("# "))
        cookies.set(name, value);
    }
    return cookies;
  }

  async get(target: string | URL): Promise<CurlPage> {
    return this.curl(new URL(target, this.baseUrl), []);
  }

  /**
   * Presses the button named `button` in the form that holds it, with `values` filled in. `where`
   * picks one form of several with that button by one of its fields (an order's id, say).
   */
  async press(
    page: CurlPage,
    button: string | RegExp,
    values: Record<string, string> = {},
    where?: [string, string],
  ) {
    const form = findForm(page, button, where);
    for (const [name, value] of Object.entries(values)) {
      const at = form.fields.findIndex(([field]) => field === name);
      if (at >= 0) form.fields[at] = [name, value];
      else form.fields.push([name, value]);
    }
    return this.submit(form);
  }

  /** Follows the first link named `name` whose address has `hrefPart` in it. */
  async follow(page: CurlPage, name: string | RegExp, hrefPart = ""): Promise<CurlPage> {
    for (const match of page.html.matchAll(/<a\b[^>]*>[\s\S]*?<\/a>/gi)) {
      const open = openTagOf(match[0]);
      const href = attribute(open, "href");
      const label = textOf(match[0]);
      const named = typeof name === "string" ? label === name : name.test(label);
      if (href !== null && named && href.includes(hrefPart))
        return this.get(new URL(href, page.url));
    }
    throw new Error(`no link ${String(name)} (${hrefPart}) on ${page.url.href}`);
  }

  async submit(form: PageForm): Promise<CurlPage> {
    if (form.method === "get") {
      const url = new URL(form.action);
      url.search = new URLSearchParams(form.fields).toString();
      return this.curl(url, []);
    }
    const args = form.multipart
      ? form.fields.flatMap(([name, value]) => ["--form-string", `${name}=${value}`])
      : form.fields.flatMap(([name, value]) => [
          "--data-urlencode",
          `${encodeURIComponent(name)}=${value}`,
        ]);
    return this.curl(form.action, ["--header", `Origin: ${form.origin}`, ...args]);
  }

  private async curl(url: URL, args: string[]): Promise<CurlPage> {
    const marker = "\n--curl-status--";
    const { stdout } = await run(
      "curl",
      [
        "--silent",
        "--show-error",
        "--location",
        "--max-redirs",
        "10",
        "--cookie",
        this.jar,
        "--cookie-jar",
        this.jar,
        "--write-out",
        `${marker}%{http_code} %{url_effective}`,
        ...args,
        url.href,
      ],
      { maxBuffer: 20 * 1024 * 1024 },
    );
    const at = stdout.lastIndexOf(marker);
    const [status, effective] = stdout.slice(at + marker.length).split(" ");
    return {
      status: Number(status),
      url: new URL(effective ?? url.href),
      html: stdout.slice(0, at),
    };
  }
}

/** The form holding the button (or submit input) whose text or accessible label is `button`. */
function findForm(page: CurlPage, button: string | RegExp, where?: [string, string]): PageForm {
  const matches = (label: string) =>
    typeof button === "string" ? label === button : button.test(label);
  for (const match of page.html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)) {
    const html = match[0];
    const openTag = /^<form\b[^>]*>/i.exec(html)![0];
    for (const pressed of html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/gi)) {
      const label = attribute(pressed[0], "aria-label") ?? textOf(pressed[2] ?? "");
      if (!matches(label)) continue;
      const fields = fieldsOf(html);
      if (where && !fields.some(([field, value]) => field === where[0] && value === where[1]))
        continue;
      const name = attribute(pressed[0], "name");
      if (name) fields.push([name, attribute(pressed[0], "value") ?? ""]);
      return {
        method: (attribute(openTag, "method") ?? "get").toLowerCase() === "post" ? "post" : "get",
        action: new URL(
          attribute(pressed[0], "formaction") ?? attribute(openTag, "action") ?? page.url.href,
          page.url,
        ),
        multipart: attribute(openTag, "enctype") === "multipart/form-data",
        origin: page.url.origin,
        fields,
      };
    }
  }
  const buttons = [...page.html.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/gi)].map((found) =>
    textOf(found[1] ?? ""),
  );
  throw new Error(
    `no form with a button ${String(button)} on ${page.url.href}; its buttons: ${buttons.join(" | ")}`,
  );
}

/** What a browser sends of a form's own fields (no file inputs: none are chosen). */
function fieldsOf(form: string): [string, string][] {
  const fields: [string, string][] = [];
  for (const control of form.matchAll(
    /<(input)\b[^>]*>|<(select)\b[^>]*>([\s\S]*?)<\/select>|<(textarea)\b[^>]*>([\s\S]*?)<\/textarea>/gi,
  )) {
    const tag = control[0];
    const name = attribute(tag, "name");
    if (!name || hasAttribute(openTagOf(tag), "disabled")) continue;
    if (control[1]) {
      const type = (attribute(tag, "type") ?? "text").toLowerCase();
      if (["submit", "button", "image", "reset", "file"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && !hasAttribute(tag, "checked")) continue;
      fields.push([name, attribute(tag, "value") ?? (type === "checkbox" ? "on" : "")]);
    } else if (control[2]) {
      const options = [...(control[3] ?? "").matchAll(/<option\b[^>]*>[\s\S]*?(?=<option\b|$)/gi)];
      const chosen =
        options.find((option) => hasAttribute(openTagOf(option[0]), "selected")) ?? options[0];
      if (chosen)
        fields.push([name, attribute(openTagOf(chosen[0]), "value") ?? textOf(chosen[0])]);
    } else {
      fields.push([name, decodeHTML(control[5] ?? "")]);
    }
  }
  return fields;
}

/** The page's visible text, tags removed: for "the page says …" checks. */
export const pageText = (page: CurlPage) =>
  textOf(page.html.replace(/<script[\s\S]*?<\/script>/gi, ""));
