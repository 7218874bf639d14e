// Generated from app/routes/stores.$store.departments.$department.products.$product_.quick-view.ts by bench/bare/generate-routes.ts: do not edit.
export const loader = () => new Response(null, { status: 204 });
