// Generated from app/routes/favorites.$product.tsx by bench/bare/generate-routes.ts: do not edit.
import { Outlet } from "@remix-run/react";
export const action = () => null;
export default Outlet;
