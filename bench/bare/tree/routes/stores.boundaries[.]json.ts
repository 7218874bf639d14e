// Generated from app/routes/stores.boundaries[.]json.ts by bench/bare/generate-routes.ts: do not edit.
export const loader = () => new Response(null, { status: 204 });
