import { GUARD_MESSAGES } from "@mailsmith/shared";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { MessagePage } from "@/components/ui/page-state";

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <MessagePage title={GUARD_MESSAGES.notFound}>The page you are looking for does not exist.</MessagePage>;
  }
  return (
    <MessagePage title="Something went wrong">
      An unexpected error occurred. Please reload the page or try again later.
    </MessagePage>
  );
}
