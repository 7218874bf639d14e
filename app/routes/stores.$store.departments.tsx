/**
 * Every /stores/{store}/departments… page: the 'Departments' crumb, so that a department, its
 * categories and products read Home › {store} › Departments › {department} › …
 */
import { Outlet } from "@remix-run/react";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";

export const handle: BreadcrumbHandle = {
  breadcrumb: (match) =>
    match.params.store
      ? { label: "Departments", to: `/stores/${match.params.store}/departments` }
      : null,
};

export default function DepartmentsLayout() {
  return <Outlet />;
}
