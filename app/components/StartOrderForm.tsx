import { useNavigate, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";

const POSITION_TIMEOUT_MS = 4_000;

/** The browser's position, or null when it is refused, unavailable or slow (the server then asks the API). */
function browserPosition(): Promise<GeolocationCoordinates | null> {
  if (!("geolocation" in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    // The permission prompt does not count towards the API's own timeout.
    const giveUp = setTimeout(() => resolve(null), POSITION_TIMEOUT_MS + 500);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        clearTimeout(giveUp);
        resolve(position.coords);
      },
      () => {
        clearTimeout(giveUp);
        resolve(null);
      },
      { timeout: POSITION_TIMEOUT_MS, maximumAge: 10 * 60_000, enableHighAccuracy: false },
    );
  });
}

interface StartOrderFormProps {
  showPreviousOrders: boolean;
  /** No home store is known yet: with JS, offer the browser's position to find the nearest store. */
  askForPosition: boolean;
}

/**
 * 'Start New Order' (and 'See Previous Orders'): a GET form to /start, which finds the store and
 * moves on. With JS the browser's position is added first when the store has to be guessed.
 */
export function StartOrderForm({ showPreviousOrders, askForPosition }: StartOrderFormProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [active, setActive] = useState<string | null>(null);
  const busy = active !== null && (navigation.state !== "idle" || active.startsWith("locating:"));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const next =
      submitter instanceof HTMLButtonElement && submitter.name === "next" ? submitter.value : "";
    const params = new URLSearchParams();
    if (next) params.set("next", next);
    if (askForPosition) {
      setActive(`locating:${next}`);
      const coords = await browserPosition();
      if (coords) {
        params.set("lat", coords.latitude.toFixed(5));
        params.set("lng", coords.longitude.toFixed(5));
      }
    }
    setActive(next);
    const query = params.toString();
    navigate(query ? `/start?${query}` : "/start");
  }

  const pendingFor = (next: string) => busy && (active === next || active === `locating:${next}`);

  return (
    <form method="get" action="/start" onSubmit={handleSubmit}>
      <div className="button-row">
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={pendingFor("") || undefined}
        >
          {pendingFor("") ? <span className="spinner" aria-hidden="true" /> : null}
          Start New Order
        </button>
        {showPreviousOrders ? (
          <button
            type="submit"
            name="next"
            value="orders"
            className="button button--secondary"
            aria-disabled={pendingFor("orders") || undefined}
          >
            {pendingFor("orders") ? <span className="spinner" aria-hidden="true" /> : null}
            See Previous Orders
          </button>
        ) : null}
      </div>
    </form>
  );
}
