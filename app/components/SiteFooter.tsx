import { Link } from "@remix-run/react";
import type { ShellData } from "~/lib/shell-data";

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
        <p>
          {brandName ? `${brandName} · ` : ""}
          Order Express
        </p>
      </div>
    </footer>
  );
}
