/**
 * The route-tree floor (decision 035): the two-route app's root and pages among one empty route
 * module for each of the storefront's route files (routes/, written by ../generate-routes.ts).
 */
import { defineConfig } from "vite";
import { bareApp } from "../vite.config";

export default defineConfig(bareApp("bench/bare/tree", "build-bench-bare-tree"));
