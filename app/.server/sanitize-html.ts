/**
 * Product descriptions arrive as HTML from the API and are rendered as HTML, so they pass through
 * a strict allow-list first: only simple formatting tags, never an attribute, all text re-escaped.
 *
 * How it stays safe even where the tokenizer is imperfect: the output is built only from (a) bare
 * allowed tags written by this module (`<p>`, `</p>`, `<br>` …) and (b) text that is fully
 * escaped. Nothing from the input is copied through unescaped, so no attribute, URL, comment or
 * script can survive, whatever the input looks like.
 */

const ALLOWED = new Set(["p", "ul", "ol", "li", "strong", "em", "br", "b", "i"]);
const VOID = new Set(["br"]);

/** Elements whose content is dropped with them (code, styles, foreign or hidden content). */
const DROP_WITH_CONTENT = new Set([
  "script",
  "style",
  "template",
  "iframe",
  "object",
  "embed",
  "noscript",
  "noembed",
  "noframes",
  "textarea",
  "title",
  "xmp",
  "plaintext",
  "svg",
  "math",
  "head",
  "select",
]);

/** Block-level elements whose removal would glue words together: a space keeps them apart. */
const BLOCKISH = new Set([
  "div",
  "section",
  "article",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "tr",
  "td",
  "th",
  "table",
  "blockquote",
  "header",
  "footer",
]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ndash: "\u2013",
  mdash: "\u2014",
  hellip: "\u2026",
  lsquo: "\u2018",
  rsquo: "\u2019",
  ldquo: "\u201c",
  rdquo: "\u201d",
  copy: "\u00a9",
  reg: "\u00ae",
  trade: "\u2122",
  deg: "\u00b0",
  frac12: "\u00bd",
  frac14: "\u00bc",
  frac34: "\u00be",
  eacute: "\u00e9",
  egrave: "\u00e8",
  ntilde: "\u00f1",
  bull: "\u2022",
  middot: "\u00b7",
  times: "\u00d7",
};

function codePointText(code: number): string {
  // Control characters, surrogates and out-of-range values become the replacement character.
  if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff) return "\ufffd";
  if (
    (code >= 0xd800 && code <= 0xdfff) ||
    (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d)
  )
    return "\ufffd";
  return String.fromCodePoint(code);
}

/** Decodes character references once; unknown ones stay as written (and are escaped later). */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});?/gi,
    (match, ref: string) => {
      if (ref[0] === "#") {
        const hex = ref[1] === "x" || ref[1] === "X";
        return codePointText(Number.parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10));
      }
      const named = NAMED_ENTITIES[ref.toLowerCase()];
      return named ?? match;
    },
  );
}

function escapeText(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

// A start or end tag: name, then attributes (quoted values may contain '>'), then '>' or '/>'.
// Names and unquoted values stop at '<', so a failed match never runs past the next tag.
const TAG =
  /^<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/;
/** Longer "tags" are read as text: bounds the work the pattern can do on hostile input. */
const MAX_TAG_LENGTH = 2048;

/**
 * The description with only p, ul, ol, li, strong, em, br, b and i (no attributes), every other
 * tag removed (script-like ones with their content), text escaped and the tags balanced.
 */
export function sanitizeHtml(input: string | null | undefined): string {
  if (!input) return "";
  let out = "";
  const open: string[] = [];
  let i = 0;
  const length = input.length;

  const closeTo = (name: string) => {
    const at = open.lastIndexOf(name);
    if (at === -1) return; // a stray end tag: ignored
    while (open.length > at) out += `</${open.pop()}>`;
  };

  while (i < length) {
    const lt = input.indexOf("<", i);
    if (lt === -1) {
      out += escapeText(decodeEntities(input.slice(i)));
      break;
    }
    if (lt > i) out += escapeText(decodeEntities(input.slice(i, lt)));
    i = lt;

    const rest = input.slice(i, i + MAX_TAG_LENGTH);
    // Comments, doctypes, CDATA and processing instructions: dropped entirely.
    if (rest.startsWith("<!--")) {
      const end = input.indexOf("-->", i + 4);
      i = end === -1 ? length : end + 3;
      continue;
    }
    if (rest.startsWith("<!") || rest.startsWith("<?")) {
      const end = input.indexOf(">", i + 2);
      i = end === -1 ? length : end + 1;
      continue;
    }

    const tag = TAG.exec(rest);
    if (!tag) {
      // Not a tag: a literal '<'.
      out += "&lt;";
      i += 1;
      continue;
    }
    i += tag[0].length;
    const closing = tag[1] === "/";
    const name = (tag[2] ?? "").toLowerCase();

    if (!closing && DROP_WITH_CONTENT.has(name)) {
      // Skip to the matching end tag (or the end of the input when it never comes).
      const end = new RegExp(`</${name}\\s*>`, "i").exec(input.slice(i));
      i = end ? i + end.index + end[0].length : length;
      continue;
    }
    if (!ALLOWED.has(name)) {
      if (BLOCKISH.has(name) && !/\s$/.test(out)) out += " ";
      continue;
    }
    if (VOID.has(name)) {
      if (!closing) out += `<${name}>`;
      continue;
    }
    if (closing) {
      closeTo(name);
      continue;
    }
    // A new list item or paragraph ends the one still open (as an HTML parser would).
    if ((name === "li" || name === "p") && open[open.length - 1] === name) closeTo(name);
    open.push(name);
    out += `<${name}>`;
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out.trim();
}

/** The plain text of a little HTML: tags removed, character references decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  const withoutCode = html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ");
  return decodeEntities(withoutCode.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}
