// Generated from app/routes/stores.$store.departments.$department.categories._index.tsx by bench/bare/generate-routes.ts: do not edit.
export const loader = () => new Response(null, { status: 204 });
