/**
 * The answers the Express edge gives by itself, before Remix or the API run: an HTML page in the
 * style of the storefront's error pages (spec §8: title, message, Go Home), or the API's JSON
 * error envelope. Codes without a fixed page (405, 413) show 'Oops! Something Went Wrong.' with
 * their own message, as §8 says for "others"; 429 has a title of its own (error-catalogue.ts).
 */
import { codeForStatus, type ApiErrorBody } from "@core/contract/errors";
import type { Request, Response } from "express";
import { errorPageContent } from "../app/lib/error-catalogue";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A self-contained page: the site's stylesheet is fingerprinted by the build, so a few rules
 * inline, allowed by the request's CSP nonce. */
function errorPageHtml(status: number, message: string, nonce: string): string {
  const content = errorPageContent(status, message);
  const goHome = content.showGoHome
    ? '<p class="actions"><a href="/" class="button">Go Home</a></p>'
    : "";
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.title)}</title>
<style nonce="${escapeHtml(nonce)}">
body{margin:0;font-family:system-ui,sans-serif;color:#1f2933;background:#fff}
main{max-width:36rem;margin:4rem auto;padding:0 1rem;text-align:center}
h1{font-size:1.75rem;margin:0 0 1rem}
.button{display:inline-block;padding:.75rem 1.5rem;border-radius:.25rem;background:#b93c0a;color:#fff;font-weight:600;text-decoration:none}
.button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
</style>
</head>
<body>
<main class="error-page" aria-labelledby="error-page-title">
<h1 id="error-page-title">${escapeHtml(content.title)}</h1>
<p class="error-page__message">${escapeHtml(content.message)}</p>
${goHome}
</main>
</body>
</html>
`;
}

export interface EdgeAnswer {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

function isApiPath(req: Request): boolean {
  const path = req.originalUrl.split("?")[0] ?? "";
  return path === "/api" || path.startsWith("/api/");
}

/**
 * Answers with JSON under /api, an HTML page elsewhere. `closeConnection` is for a body that is
 * not read: the connection is closed after the answer instead of draining what is still coming.
 */
export function sendEdgeAnswer(
  req: Request,
  res: Response,
  answer: EdgeAnswer,
  closeConnection = false,
): void {
  if (res.headersSent) return;
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  res.setHeader("Cache-Control", "no-store");
  if (closeConnection) res.setHeader("Connection", "close");
  res.status(answer.status);
  if (isApiPath(req)) {
    // The API's error body (core/contract/errors.ts): the code is the status's own.
    const body: ApiErrorBody = {
      status: answer.status,
      code: codeForStatus(answer.status),
      message: answer.message,
    };
    res.json(body);
    return;
  }
  const nonce = String(res.locals.cspNonce ?? "");
  res.type("html").send(errorPageHtml(answer.status, answer.message, nonce));
}
