import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CsrfInput } from "~/components/CsrfInput";
import { SignInForm } from "~/components/SignInForm";
import { useHydrated } from "~/components/useHydrated";
import { formatCalendarDate } from "./format";
import {
  CLIP_TOKEN_FIELD,
  COUPON_BUTTON,
  COUPON_ID_FIELD,
  COUPON_INTENT,
  COUPON_LOADED,
  COUPON_LOADING,
  COUPON_NEEDS_CARD,
  COUPON_REDIRECT_FIELD,
  COUPON_SIGN_IN,
  type CouponAnswer,
  type CouponOfferView,
} from "~/lib/coupons";

/** The /confirmation answer this offer reads: its own, not the opt-in's. */
const couponAnswer = (answer: unknown): CouponAnswer | null =>
  typeof answer === "object" && answer !== null && "coupon" in answer
    ? (answer as CouponAnswer)
    : null;

/**
 * The coupon offer on /confirmation (spec §2, §4 'Coupon', §6, §8): the coupon, then 'Load To
 * Card' for a shopper with a club card, 'Sign In to Load To Card' for a guest, or what a
 * signed-in shopper without a card is missing. Loading: a plain form post to /confirmation (back
 * to the page, 'Loaded!'); with scripts a fetcher, the button reading 'Loading...' and disabled
 * (aria-disabled, so it keeps focus) until the page's data says 'Loaded!', where focus then goes.
 * A refusal is shown in the offer as an alert, the button left to try again.
 */
export function CouponOffer({ offer }: { offer: CouponOfferView }) {
  const fetcher = useFetcher<CouponAnswer>({ key: "coupon-offer" });
  const hydrated = useHydrated();
  const status = useRef<HTMLParagraphElement>(null);
  const pressed = useRef(false);
  const pending = fetcher.state !== "idle";
  const answer = couponAnswer(useActionData()) ?? couponAnswer(fetcher.data);
  const { coupon } = offer;
  const failure = !pending && answer?.coupon === "failed" ? answer.message : null;
  // A press from a page left open gets the refusal ('…already loaded to your card.') alone, not
  // 'Loaded!' beside it as well.
  const loaded = offer.state === "loaded" && !failure;

  // The button gives way to 'Loaded!': focus follows it there rather than falling to the page.
  useEffect(() => {
    if (loaded && pressed.current) status.current?.focus();
  }, [loaded]);

  return (
    <section className="card coupon" aria-labelledby="coupon-title">
      <h2 id="coupon-title" className="checkout-section__title">
        A Coupon for Your Next Trip
      </h2>
      {coupon.image_url ? (
        <img src={coupon.image_url} alt="" width={96} height={96} className="coupon__image" />
      ) : null}
      <p className="coupon__brand">{coupon.brand_name}</p>
      <p className="coupon__value">{coupon.short_description}</p>
      {coupon.requirement_description ? (
        <p className="field__hint">{coupon.requirement_description}</p>
      ) : null}
      <p className="field__hint">Expires {formatCalendarDate(coupon.expiration_date)}</p>
      {offer.state === "offered" && offer.access === "load" ? (
        <fetcher.Form
          method="post"
          action="/confirmation"
          preventScrollReset
          onSubmit={() => {
            pressed.current = true;
          }}
        >
          <CsrfInput />
          <input type="hidden" name="intent" value={COUPON_INTENT} />
          <input type="hidden" name={COUPON_ID_FIELD} value={coupon.coupon_id} />
          <input type="hidden" name={CLIP_TOKEN_FIELD} value={offer.clipToken} />
          {hydrated ? null : <input type="hidden" name={COUPON_REDIRECT_FIELD} value="1" />}
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={pending || undefined}
            onClick={(event) => {
              // One post per press: the coupon is loaded once.
              if (pending) event.preventDefault();
            }}
          >
            {pending ? COUPON_LOADING : COUPON_BUTTON}
          </button>
        </fetcher.Form>
      ) : null}
      {offer.state === "offered" && offer.access === "sign-in" ? (
        <SignInForm
          returnTo="/confirmation"
          label={COUPON_SIGN_IN}
          className="button button--secondary"
        />
      ) : null}
      {offer.state === "offered" && offer.access === "no-card" ? (
        <p className="coupon__note">{COUPON_NEEDS_CARD}</p>
      ) : null}
      <p className="coupon__status" role="status" ref={status} tabIndex={-1}>
        {loaded ? <strong>{COUPON_LOADED}</strong> : null}
      </p>
      {failure ? (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
