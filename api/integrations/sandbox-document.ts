/**
 * The HTML document around a sandbox service's page (the identity provider's, the payment
 * gateway's): its own title and stylesheet (nonce'd for the site's CSP), never indexed. Each
 * sandbox brings its look and its body.
 */
import { escapeUTF8 as escapeHTML } from "entities";

export function sandboxDocument(opts: {
  nonce: string;
  /** The page's title; the service's name follows it. */
  title: string;
  service: string;
  style: string;
  body: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHTML(opts.title)} · ${escapeHTML(opts.service)}</title>
<style nonce="${escapeHTML(opts.nonce)}">${opts.style}</style>
</head>
<body>
${opts.body}
</body>
</html>`;
}
