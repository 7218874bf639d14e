import type { StoreAlert } from "./AlertDialog";
import { island } from "./island";

/** The store's alerts (AlertDialog.tsx) as an island: their code loads only when there are some. */
const Alerts = island("store-alerts", () => import("./AlertDialog").then((m) => m.StoreAlerts));

export function StoreAlertsIsland({ alerts }: { alerts: StoreAlert[] }) {
  return alerts.length > 0 ? <Alerts alerts={alerts} /> : null;
}
