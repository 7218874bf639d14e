// Generated from app/routes/store.$store._index.tsx by bench/bare/generate-routes.ts: do not edit.
import { Outlet } from "@remix-run/react";
export const loader = () => null;
export const action = () => null;
export default Outlet;
