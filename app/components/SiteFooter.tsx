import { Form, Link, useLocation } from "@remix-run/react";
import { LITE_PATH } from "~/lib/lite-mode";
import type { ShellData } from "~/lib/shell-data";
import { CsrfInput } from "./CsrfInput";

/** Switches between the lite version (no scripts) and the full one, back to this page. */
function LiteSwitch({ lite }: { lite: boolean }) {
  const location = useLocation();
  return (
    <Form method="post" action={LITE_PATH} reloadDocument className="site-footer__lite">
      <CsrfInput />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <input type="hidden" name="lite" value={lite ? "off" : "on"} />
      <button type="submit" className="link-button">
        {lite ? "Full version" : "Lite version"}
      </button>
    </Form>
  );
}

/** Policy, privacy, terms, cookie-preference and app links (configured in app/.server/config.ts). */
export function SiteFooter({ shell }: { shell: ShellData | undefined }) {
  const links = shell?.footerLinks ?? [];
  const brandName = shell?.brand.name;
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        {links.length > 0 ? (
          <nav aria-label="Policies and apps">
            <ul className="site-footer__links">
              {links.map((link) => (
                <li key={link.label}>
                  {link.href.startsWith("/") ? (
                    <Link to={link.href}>{link.label}</Link>
                  ) : (
                    <a href={link.href} rel="noopener">
                      {link.label}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {shell ? <LiteSwitch lite={shell.lite.on} /> : null}
        <p>
          {brandName ? `${brandName} · ` : ""}
          Order Express
        </p>
      </div>
    </footer>
  );
}
