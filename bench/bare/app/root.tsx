import type { LinksFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
import styles from "./bare.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export default function Root() {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <header className="bar">
          <a href="/">Bare Market</a>
          <form method="get" action="/department" role="search">
            <label htmlFor="q">Search</label>
            <input id="q" name="query" type="search" />
            <button type="submit">Search</button>
          </form>
          <a href="/cart">Cart (0)</a>
        </header>
        <main id="main">
          <Outlet />
        </main>
        <footer className="bar">Bare Market, a bench fixture</footer>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
