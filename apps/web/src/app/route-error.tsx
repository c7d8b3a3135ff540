import { APP_UI_TEXTS, GUARD_MESSAGES } from "@mailsmith/shared";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button";
import { MessagePage } from "@/components/ui/page-state";
import { NotFoundRoute } from "./routes/not-found-route";

/** Failures while loading or rendering a route: a friendly page with a way forward. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main>
        <NotFoundRoute />
      </main>
    );
  }
  return (
    <main>
      <MessagePage
        title={GUARD_MESSAGES.errorTitle}
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <Button onClick={() => window.location.reload()}>{APP_UI_TEXTS.reload}</Button>
            <Link to="/" className={buttonClasses("secondary")}>
              {APP_UI_TEXTS.goHome}
            </Link>
          </div>
        }
      >
        {GUARD_MESSAGES.errorText}
      </MessagePage>
    </main>
  );
}
