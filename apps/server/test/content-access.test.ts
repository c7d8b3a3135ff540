import { CONTENT_ROUTES } from "@mailsmith/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SEED_DEMO: "true" } });
});
afterAll(async () => {
  await server?.close();
});

const prefixes = Object.values(CONTENT_ROUTES);
const isContentRoute = (url: string) => prefixes.some((p) => url === p || url.startsWith(`${p}/`));

/** Every public content answer, to prove nothing changed. */
async function snapshot(client: TestClient) {
  const out: Record<string, unknown> = {};
  for (const path of prefixes) {
    const res = await client.get(path);
    expect(res.status).toBe(200);
    out[path] = res.body;
  }
  return out;
}

const sampleBodies: Record<string, unknown> = {
  [CONTENT_ROUTES.hero]: { title: "Hacked hero" },
  [CONTENT_ROUTES.banner]: { mainTitle: "Hacked banner" },
  [CONTENT_ROUTES.features]: { title: "Hacked", description: "Hacked" },
  [CONTENT_ROUTES.about]: {},
  [CONTENT_ROUTES.testimonials]: { quote: "Hacked", authorName: "X", authorTitle: "Y" },
  [CONTENT_ROUTES.footer]: {},
  [CONTENT_ROUTES.contactPage]: { title: "Hacked" },
};

it("every content write is admin-only: 401 anonymous, 403 for a member, and nothing changes", async () => {
  const admin = await server.admin();
  const featureId = (await admin.get(CONTENT_ROUTES.features)).body.data[0]._id;
  const testimonialId = (await admin.get(CONTENT_ROUTES.testimonials)).body.data.data[0]._id;
  expect(featureId).toBeTruthy();
  expect(testimonialId).toBeTruthy();

  const writes = server.routeTable.filter(
    (r) => isContentRoute(r.url) && !["GET", "HEAD", "OPTIONS"].includes(r.method),
  );
  // hero 2, banner 4, features 5, about 4, testimonials 4, footer 2, contact page 2
  expect(writes.length).toBe(23);
  for (const w of writes) expect(w.access, `${w.method} ${w.url}`).toBe("admin");

  const anonymous = server.client();
  const member = await server.member();
  const before = await snapshot(server.client());
  const adminBefore = await snapshot(admin);

  for (const w of writes) {
    const path = w.url.replace(":id", w.url.startsWith(CONTENT_ROUTES.features) ? featureId : testimonialId);
    const base = prefixes.find((p) => w.url === p || w.url.startsWith(`${p}/`))!;
    const body = w.method === "DELETE" ? undefined : sampleBodies[base];
    const anon = await anonymous.request(w.method, path, body);
    expect(anon.status, `anonymous ${w.method} ${path}`).toBe(401);
    const mem = await member.request(w.method, path, body);
    expect(mem.status, `member ${w.method} ${path}`).toBe(403);
  }

  expect(await snapshot(server.client())).toEqual(before);
  expect(await snapshot(admin)).toEqual(adminBefore);
});

it("the banner stats tiles are for admins only", async () => {
  expect((await server.client().get(`${CONTENT_ROUTES.banner}/stats`)).status).toBe(401);
  const member = await server.member();
  expect((await member.get(`${CONTENT_ROUTES.banner}/stats`)).status).toBe(403);
  const admin = await server.admin();
  const res = await admin.get(`${CONTENT_ROUTES.banner}/stats`);
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ isActive: true, hasYoutubeVideo: false, hasBackgroundImage: false });
});
