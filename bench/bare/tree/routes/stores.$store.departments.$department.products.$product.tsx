// Generated from app/routes/stores.$store.departments.$department.products.$product.tsx by bench/bare/generate-routes.ts: do not edit.
import { Outlet } from "@remix-run/react";
export const loader = () => null;
export const action = () => null;
export default Outlet;
