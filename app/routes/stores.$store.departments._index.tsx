/**
 * The store's departments and pseudo-departments (shortcuts to one product or category), as a
 * card grid sorted by weight then name, and the store's alerts. The 'Departments' crumb comes from
 * the departments layout (routes/stores.$store.departments.tsx).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadStoreAlerts } from "~/.server/alerts";
import { withRouteErrors } from "~/.server/route-errors";
import { requireUrlStore } from "~/.server/store-resolution";
import { StoreAlertsIsland } from "~/components/StoreAlertsIsland";
import { DepartmentCard } from "~/components/DepartmentCard";
import { titleMeta } from "~/lib/route-meta";
import { sortByWeightThenName } from "@core/rules/sort";
import { useStore } from "./stores.$store";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Departments");

interface DepartmentLink {
  key: string;
  name: string;
  weight: number;
  caption: string | null;
  imageUrl: string | null;
  to: string;
}

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  // The store layout hands its pages only the store's summary; the cards are made here (the API
  // client remembers the store for the request, so it is one call).
  const [store, alerts] = await Promise.all([
    requireUrlStore(args, args.params.store),
    loadStoreAlerts(args, args.params.store),
  ]);
  const base = `/stores/${store.id}/departments`;
  const links = sortByWeightThenName<DepartmentLink>([
    ...(store.departments?.data ?? []).map((department) => ({
      key: `department-${department.id}`,
      name: department.name,
      weight: department.weight,
      caption: department.description,
      imageUrl: department.image_url,
      to: `${base}/${department.id}`,
    })),
    ...(store.pseudoDepartments?.data ?? []).map((pseudo) => ({
      key: `pseudo-${pseudo.id}`,
      name: pseudo.name,
      weight: pseudo.weight,
      caption: pseudo.caption,
      imageUrl: pseudo.kiosk_image_url,
      to: `${base}/${pseudo.department_id}/${pseudo.target.type === "product" ? "products" : "categories"}/${pseudo.target.id}`,
    })),
  ]).map(({ weight: _weight, ...link }) => link);
  return { alerts, links };
});

export default function Departments() {
  const { alerts, links } = useLoaderData<typeof loader>();
  const store = useStore();

  return (
    <>
      <StoreAlertsIsland alerts={alerts} />
      <header className="page-header">
        <p className="page-header__eyebrow">Departments</p>
        <h1>{store.name}</h1>
        <p className="page-header__lead">Choose a department to start shopping.</p>
      </header>
      {links.length > 0 ? (
        <ul className="card-grid card-grid--departments">
          {links.map(({ key, ...link }) => (
            <li key={key}>
              <DepartmentCard {...link} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="notice">This store is not taking online orders right now.</p>
      )}
    </>
  );
}
