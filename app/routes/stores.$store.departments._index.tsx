/**
 * The store's departments and pseudo-departments (shortcuts to one product or category), as a
 * card grid sorted by weight then name.
 */
import type { MetaFunction } from "@remix-run/node";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { DepartmentCard } from "~/components/DepartmentCard";
import { titleMeta } from "~/lib/route-meta";
import { sortByWeightThenName } from "~/lib/sort";
import { useStore } from "./stores.$store";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Departments");

export const handle: BreadcrumbHandle = {
  breadcrumb: (match) =>
    match.params.store
      ? { label: "Departments", to: `/stores/${match.params.store}/departments` }
      : null,
};

interface DepartmentLink {
  key: string;
  name: string;
  weight: number;
  caption: string | null;
  imageUrl: string | null;
  to: string;
}

export default function Departments() {
  const store = useStore();
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
  ]);

  return (
    <>
      <header className="page-header">
        <p className="page-header__eyebrow">Departments</p>
        <h1>{store.name}</h1>
        <p className="page-header__lead">Choose a department to start shopping.</p>
      </header>
      {links.length > 0 ? (
        <ul className="card-grid">
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
