/**
 * Server rendering: streams the page with the request's CSP nonce on every script, keeps the page
 * shown as the return path and keeps whatever is made for a signed-in shopper out of every cache
 * (private-page.ts). The shopper's cookies are not written here: the server commits them once for
 * every answer, redirects included (server/remix-handler.ts). `createLoadContext` is how the
 * server makes each request's context with the build's own modules.
 */
import type {
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
} from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { apiServerTiming } from "~/.server/api-use";
import { reportError, requestPath } from "~/.server/error-reporting";
import { keepSignedInAnswersPrivate } from "~/.server/private-page";
import { holdScriptsUntilFirstPaint } from "~/.server/scripts-after-first-paint";
import { rememberReturnPath } from "~/.server/session";
import { islandsLoaded } from "~/components/island";
import { NonceProvider } from "~/components/Nonce";

export { createRequestContext as createLoadContext } from "~/.server/request-context";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  rememberReturnPath(request, loadContext.shopper, responseStatusCode);
  keepSignedInAnswersPrivate(responseHeaders, loadContext);
  addApiTiming(responseHeaders, loadContext);
  // Islands render at once on the server, never as a fallback streamed later (once per process).
  await islandsLoaded();
  // Lite mode follows the browser's data saver: a cache must not hand one version to the other.
  responseHeaders.append("Vary", "Save-Data");
  const nonce = loadContext.cspNonce;
  // Crawlers and no-JS readers of the raw HTML get the whole page at once.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const respond = () => {
      shellRendered = true;
      // The page's scripts wait for its first paint (decision 049).
      const body = holdScriptsUntilFirstPaint(nonce, () => abort());
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    // Only a render still waiting for data needs stopping: once everything is rendered the timer
    // is cleared, so that it does not hold the finished render (the page's whole tree) in memory
    // for seconds after every answer, nor abort a stream that has already ended.
    const stopWaiting = setTimeout(() => abort(), ABORT_DELAY + 1_000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <RemixServer
          context={remixContext}
          url={request.url}
          abortDelay={ABORT_DELAY}
          nonce={nonce}
        />
      </NonceProvider>,
      {
        nonce,
        onShellReady: waitForAll ? undefined : respond,
        onAllReady() {
          clearTimeout(stopWaiting);
          if (waitForAll) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(stopWaiting);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell rendered reach handleError through Remix; report the later ones.
          if (shellRendered) {
            reportError(error, { action: "Streaming render error", path: requestPath(request) });
          }
        },
      },
    );
  });
}

export const handleDataRequest: HandleDataRequestFunction = async (
  response,
  { request, context },
) => {
  rememberReturnPath(request, context.shopper, response.status);
  keepSignedInAnswersPrivate(response.headers, context);
  addApiTiming(response.headers, context);
  return response;
};

/** What the request's API calls cost (app/.server/api-use.ts), for the browser's tools and the bench. */
function addApiTiming(headers: Headers, context: AppLoadContext) {
  const timing = apiServerTiming(context.apiUse);
  if (timing) headers.append("Server-Timing", timing);
}

/**
 * Router errors (spec §8: reported): what a loader, action or render threw that no route turned
 * into an error page. Not reported: aborted requests (the shopper navigated away) and the router's
 * own 4xx answers (a method a route does not accept), which are the shopper's mistake, not ours.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  reportError(error, { action: "Unhandled storefront error", path: requestPath(request) });
};
