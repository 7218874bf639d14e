/**
 * /addresses (spec §2): the billing address picker titled 'Pay Online'. The signed-in shopper's
 * profile addresses as a radio group, 'Continue to Payment' to the payment provider's page with
 * the chosen one as billing address, and '+ Add New Billing Address': the identity provider's
 * address page, framed in a dialog with a Done button (with scripts) or a page and back (without).
 * Disabled in the spec: FEATURE_BILLING_ADDRESSES switches it on.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
} from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { addressesPage, addressesPost } from "~/.server/addresses";
import { readCheckedPost } from "~/.server/csrf";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { CsrfInput } from "~/components/CsrfInput";
import { ModalDialog, openDialog } from "~/components/Dialog";
import { loadOnce } from "~/components/useLazyModule";
import { ADDRESS_MESSAGES, addressesRouteMeta } from "~/lib/addresses";
import { titleMeta } from "~/lib/route-meta";

/** The shopper's addresses: never cached. */
export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Pay Online");

export const handle: BreadcrumbHandle = {
  breadcrumb: () => ({ label: "Pay Online", to: "/addresses" }),
};

export const routeMeta = addressesRouteMeta;

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => addressesPage(args));

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { form } = await readCheckedPost(args.request, args.context.shopper);
  return addressesPost(args, form);
});

const ADD_DIALOG = "add-address";
const loadMessageCheck = loadOnce(() => import("~/lib/address-message"));

export default function Addresses() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const problem = answer && "problem" in answer ? answer.problem : null;
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) alert.current?.focus();
  }, [problem]);

  return (
    <div className="auth-request">
      <section className="card auth-card addresses" aria-labelledby="addresses-title">
        <p className="page-header__eyebrow">{page.step}</p>
        <h1 id="addresses-title">Pay Online</h1>
        <p className="auth-card__lead">Choose the address your card is billed to.</p>
        {problem ? (
          <div className="notice notice--error" role="alert" tabIndex={-1} ref={alert}>
            <p>{problem}</p>
          </div>
        ) : null}
        <Form method="post" reloadDocument className="addresses__form">
          <CsrfInput />
          <input type="hidden" name="intent" value="pay" />
          {page.addresses.length > 0 ? (
            <fieldset className="radio-list">
              <legend className="radio-list__legend">Billing Address</legend>
              {page.addresses.map((address, index) => (
                <div key={address.value} className="radio-list__option">
                  <input
                    type="radio"
                    id={`billing-address-${address.value}`}
                    name="address"
                    value={address.value}
                    defaultChecked={index === 0}
                  />
                  <label htmlFor={`billing-address-${address.value}`}>{address.line}</label>
                </div>
              ))}
            </fieldset>
          ) : (
            <p className="addresses__none">{ADDRESS_MESSAGES.none}</p>
          )}
          {page.addressPage ? <AddAddress link={page.addressPage} /> : null}
          <div className="auth-card__buttons addresses__buttons">
            <button type="submit" className="button button--primary">
              {pending ? <span className="spinner" aria-hidden="true" /> : null}
              Continue to Payment
            </button>
          </div>
        </Form>
        <p className="auth-card__back">
          <Link to={page.shopHref}>Continue Shopping</Link>
        </p>
      </section>
    </div>
  );
}

interface AddressPageLink {
  /** The provider's page with a return to /addresses. */
  href: string;
  /** The same page, framed. */
  frameSrc: string;
  /** Where its messages may come from. */
  origin: string;
}

/**
 * '+ Add New Billing Address': a link to the provider's page (and back); with scripts it opens
 * the page in a dialog, whose message says whether the address was saved.
 */
function AddAddress({ link }: { link: AddressPageLink }) {
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<"added" | "problem" | null>(null);

  useEffect(() => {
    if (!open) return;
    const onMessage = (event: MessageEvent) => {
      // Only the provider's page speaks here; any other window is not listened to.
      if (event.origin !== link.origin) return;
      void loadMessageCheck()
        .then(({ isAddressAdded }) => isAddressAdded(event.data))
        .catch(() => false)
        .then((added) => {
          setOutcome(added ? "added" : "problem");
          if (added) revalidator.revalidate();
        });
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
    // revalidator changes identity on every render; the listener needs only its latest call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, link.origin]);

  const onOpen = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setOutcome(null);
    setOpen(true);
    void loadMessageCheck();
    // Rendered (empty) since hydration: its frame follows once `open` is set.
    openDialog(ADD_DIALOG);
  };

  return (
    <>
      <p className="addresses__add">
        <a href={link.href} onClick={onOpen}>
          + Add New Billing Address
        </a>
      </p>
      <ModalDialog
        id={ADD_DIALOG}
        title="Add New Billing Address"
        requested={false}
        closeHref="/addresses"
        onClose={() => setOpen(false)}
      >
        {open ? (
          <iframe
            className="addresses__frame"
            src={link.frameSrc}
            title="Your addresses at the sign-in service"
          />
        ) : null}
        <div aria-live="polite">
          {outcome === "added" ? <p className="notice">{ADDRESS_MESSAGES.added}</p> : null}
          {outcome === "problem" ? (
            <p className="notice notice--error">{ADDRESS_MESSAGES.problem}</p>
          ) : null}
        </div>
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => (document.getElementById(ADD_DIALOG) as HTMLDialogElement).close()}
          >
            Done
          </button>
        </div>
      </ModalDialog>
    </>
  );
}
