// Generated from app/routes/stores.$store.departments._index.tsx by bench/bare/generate-routes.ts: do not edit.
import { Outlet } from "@remix-run/react";
export const loader = () => null;
export default Outlet;
