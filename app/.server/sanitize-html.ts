/**
 * Product descriptions arrive as HTML from the API and are rendered as HTML, so they pass through
 * the `sanitize-html` package with a strict allow-list first: only simple formatting tags, never an
 * attribute. A maintained HTML parser does the tokenizing, so odd markup is read the way a browser
 * reads it.
 */
import { decodeHTML } from "entities";
import sanitize from "sanitize-html";

const ALLOWED_TAGS = ["p", "ul", "ol", "li", "strong", "em", "br", "b", "i"];

/** Elements whose content is dropped with them (code, styles, foreign or hidden content). */
const DROP_WITH_CONTENT = [
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
  "option",
];

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

function options(allowedTags: string[]): sanitize.IOptions {
  return {
    allowedTags,
    allowedAttributes: {},
    allowedSchemes: [],
    selfClosing: ["br"],
    nonTextTags: DROP_WITH_CONTENT,
    disallowedTagsMode: "discard",
    textFilter: (text, tagName) => (BLOCKISH.has(tagName) ? `${text} ` : text),
    // A stray end tag (`</p>`) parses as an empty element: empty elements are left out.
    exclusiveFilter: (frame) => frame.tag !== "br" && frame.text.trim() === "",
  };
}

const DESCRIPTION_OPTIONS = options(ALLOWED_TAGS);
const TEXT_OPTIONS = options(["br"]);

/**
 * The description with only p, ul, ol, li, strong, em, br, b and i (no attributes), every other
 * tag removed (script-like ones with their content), text escaped and the tags balanced.
 */
export function sanitizeHtml(input: string | null | undefined): string {
  if (!input) return "";
  return sanitize(input, DESCRIPTION_OPTIONS).trim();
}

/** The plain text of a little HTML: tags removed, character references decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  // The package answers escaped text: decoded once here, for plain text.
  return decodeHTML(sanitize(html, TEXT_OPTIONS).replace(/<br \/>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}
