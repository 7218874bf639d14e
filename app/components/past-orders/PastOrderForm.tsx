import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfInput } from "~/components/CsrfInput";
import { pastOrdersPageHref, type PastOrderIntent } from "~/lib/past-orders";

export interface PastOrderPostTarget {
  storeId: number;
  /** The list page the shopper is on, to come back to. */
  page: number;
}

/** Whether this form's post is on its way (its button shows a spinner meanwhile). */
function usePending(intent: PastOrderIntent, orderId: number): boolean {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData.get("orderId") === String(orderId)
  );
}

/**
 * One post of the Past Orders page (edit, cancel or reorder one order): a plain form to the page's
 * action, the CSRF field and the page to come back to included, the button pending while it goes.
 */
export function PastOrderForm({
  target,
  intent,
  orderId,
  replaceCart = false,
  className,
  children,
}: {
  target: PastOrderPostTarget;
  intent: PastOrderIntent;
  orderId: number;
  /** Sent by 'Your Cart is NOT Empty!': the shopper agreed to give up the cart. */
  replaceCart?: boolean;
  className: string;
  children: ReactNode;
}) {
  const pending = usePending(intent, orderId);
  return (
    <Form
      method="post"
      action={`${pastOrdersPageHref(target.storeId, 1)}?index`}
      preventScrollReset
      className="past-order__form"
    >
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="page" value={target.page} />
      {replaceCart ? <input type="hidden" name="replaceCart" value="yes" /> : null}
      <button type="submit" className={className} aria-disabled={pending || undefined}>
        {pending ? <span className="spinner" aria-hidden="true" /> : null}
        {children}
      </button>
    </Form>
  );
}
