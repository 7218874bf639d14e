/**
 * The storefront's own policy pages, the default targets of the footer links (a brand points
 * POLICY_URL, PRIVACY_URL, TERMS_URL, SMS_TERMS_URL and COOKIE_PREFERENCES_URL at its own).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { routeError } from "~/.server/route-errors";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { useShellData } from "~/components/useShellData";
import { titleMeta } from "~/lib/route-meta";

const POLICY_TITLES = {
  ordering: "Ordering Policy",
  privacy: "Privacy Policy",
  terms: "Terms of Use",
  "sms-terms": "SMS Terms",
  cookies: "Cookie Preferences",
} as const;

type PolicyPage = keyof typeof POLICY_TITLES;

const isPolicyPage = (page: string | undefined): page is PolicyPage =>
  page !== undefined && Object.hasOwn(POLICY_TITLES, page);

export const loader = ({ params }: LoaderFunctionArgs) => {
  if (!isPolicyPage(params.page))
    throw routeError(404, "The page you're looking for is not available.", "NotFound");
  return { page: params.page, title: POLICY_TITLES[params.page] };
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titleMeta(matches, data?.title);

export const handle: BreadcrumbHandle = {
  breadcrumb: (match) => {
    const page = match.data as { title?: string } | undefined;
    return page?.title ? { label: page.title, to: match.pathname } : null;
  },
};

function Ordering({ brand }: { brand: string }) {
  return (
    <>
      <p>
        Orders placed through Order Express are prepared by your {brand} store for pickup in store
        or, where the department offers it, for delivery.
      </p>
      <h2>Prices</h2>
      <p>
        Prices shown online are estimates. Items sold by weight are charged for the weight actually
        packed, and a bag fee may be added where required. Weekly specials follow the store&apos;s
        circular.
      </p>
      <h2>Changes and cancellations</h2>
      <p>
        You can change or cancel an order until the store starts preparing it. Please contact the
        store to make changes after that; cancellation fees may apply to made-to-order items.
      </p>
      <h2>Substitutions</h2>
      <p>
        If you allow substitutions, the store may replace an unavailable item with a similar one of
        equal or greater value at the original price.
      </p>
    </>
  );
}

function Privacy({ brand }: { brand: string }) {
  return (
    <>
      <p>
        {brand} uses the details you give when ordering (name, email, phone and, for delivery, your
        address) to prepare, deliver and tell you about your order. We do not sell them.
      </p>
      <h2>What this website keeps</h2>
      <p>
        The website keeps what it needs to run your order in two cookies, described on the{" "}
        <a href="/policies/cookies">Cookie Preferences</a> page. It does not use advertising or
        tracking cookies.
      </p>
      <h2>Your choices</h2>
      <p>
        You can ask your store to see, correct or delete the details it holds about you. Text and
        email notifications are only sent when you opt in, and you can stop them at any time.
      </p>
    </>
  );
}

function Terms({ brand }: { brand: string }) {
  return (
    <>
      <p>
        By using this website you agree to order only for your own household or organization, to
        give accurate contact details, and to pick up or receive your order at the time you choose.
      </p>
      <p>
        {brand} may limit quantities, correct pricing errors and refuse orders that cannot be
        fulfilled. Product pictures are examples; the item you receive may look different.
      </p>
    </>
  );
}

function SmsTerms({ brand }: { brand: string }) {
  return (
    <>
      <p>
        If you opt in to text notifications, {brand} sends you messages about your order only: when
        it is received, ready or on its way. Message frequency depends on your orders. Message and
        data rates may apply.
      </p>
      <p>Reply STOP to stop receiving messages, or HELP for help.</p>
    </>
  );
}

function Cookies() {
  return (
    <>
      <p>
        This website uses two cookies. Both are strictly necessary for ordering, so there is nothing
        to switch off.
      </p>
      <table>
        <caption className="visually-hidden">Cookies this website sets</caption>
        <thead>
          <tr>
            <th scope="col">Cookie</th>
            <th scope="col">What it holds</th>
            <th scope="col">How long</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>oe_session</td>
            <td>
              Your visit: the key this device uses with our ordering service, your current order and
              form security.
            </td>
            <td>Until you close your browser, and never more than a week</td>
          </tr>
          <tr>
            <td>oe_prefs</td>
            <td>
              Your preferences: a random device id, your home store and the store notices you have
              already seen.
            </td>
            <td>One year</td>
          </tr>
        </tbody>
      </table>
      <p>
        Over a secure connection both names start with <code>__Host-</code>, which tells your
        browser to send them only to this site and only over HTTPS. Your visit is encrypted: nobody
        who sees the cookie can read it.
      </p>
      <p>
        Clearing your browser&apos;s cookies removes both; you will be asked to choose your store
        again.
      </p>
    </>
  );
}

const POLICY_CONTENT: Record<PolicyPage, (props: { brand: string }) => ReactNode> = {
  ordering: Ordering,
  privacy: Privacy,
  terms: Terms,
  "sms-terms": SmsTerms,
  cookies: Cookies,
};

export default function Policy() {
  const { page, title } = useLoaderData<typeof loader>();
  const brand = useShellData()?.brand.name ?? "Your store";
  const Content = POLICY_CONTENT[page];
  return (
    <article className="prose">
      <h1>{title}</h1>
      <Content brand={brand} />
    </article>
  );
}
