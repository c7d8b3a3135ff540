import { TOAST_DURATION_MS } from "@mailsmith/shared";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { router } from "./app/router";
import { queryClient } from "./lib/query-client";
import "./index.css";

// The toast viewport loads after the first paint (toasts are only raised by later actions): sonner stays out of the
// landing page's initial JS (issue 12 item 6).
const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
);
