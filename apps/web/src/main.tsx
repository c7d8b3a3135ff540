import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// The landing page arrives prerendered (decision 082): it is painted from the HTML, so the app's code is fetched
// and hydrated after that first paint instead of before it. Other pages start the app at once.
const start = () => import("./app/start-app").then(({ startApp }) => startApp(root));
if (root.firstElementChild) {
  // A tap on the menu before hydration is remembered for the header (lib/early-menu-tap.ts), not lost.
  document.addEventListener(
    "click",
    (e) => {
      const html = document.documentElement;
      if (html.dataset.hydrated !== undefined || !(e.target instanceof Element)) return;
      if (!e.target.closest("[data-menu-toggle]")) return;
      html.dataset.menuTapped = "";
      e.stopPropagation();
    },
    { capture: true },
  );
  requestAnimationFrame(() => setTimeout(start, 0));
} else void start();
