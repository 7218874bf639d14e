// Generated from app/routes/stores.$store.departments.tsx by bench/bare/generate-routes.ts: do not edit.
import { Outlet } from "@remix-run/react";
export default Outlet;
