/** /oops: the error page on purpose, for `?code=` (default 500). */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ErrorPage } from "~/components/ErrorPage";
import { errorPageContent, httpStatusFor, parseErrorCode } from "~/lib/error-catalogue";
import { titleMeta } from "~/lib/route-meta";

export const loader = ({ request }: LoaderFunctionArgs) => {
  const code = parseErrorCode(new URL(request.url).searchParams.get("code"));
  return data({ code }, { status: httpStatusFor(code) });
};

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) =>
  titleMeta(matches, errorPageContent(page?.code ?? 500).title);

export default function Oops() {
  const { code } = useLoaderData<typeof loader>();
  return <ErrorPage code={code} />;
}
