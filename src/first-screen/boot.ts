import { antdStylesReady } from '../lib/antd-styles';
import { startErrorReporting } from '../lib/error-reporting';

/**
 * The parts a drawn page's code runs in, in order, each a chunk of the drawn pages' build
 * (scripts/first-screen-plugin.ts) loaded after the one before has run, with a task between. A
 * module graph loaded at once runs in one task: on a phone at 4× slowdown the portal's entry ran
 * for about 230 ms and the portal's chunk for about 260 ms, and a tap meanwhile waited for both.
 * Each part here is what the portal's start needs next (React's DOM, antd's theme and form, the
 * GraphQL client, Refine, the frame's menus and notices, the portal); a part that grew past
 * about 100 ms at 4× is worth cutting again.
 */
const PARTS: (() => Promise<unknown>)[] = [
  () => import('react-dom/client'),
  () => import('../theme'),
  () => import('antd/es/form'),
  () => import('../pages/auth/sign-in.page'),
  () => import('../../providers/graphql-client'),
  () => import('../../providers/data-provider'),
  () => import('../portal/unsaved-changes-guard'),
  () => import('antd/es/menu'),
  () => import('antd/es/drawer'),
  () => import('antd/es/notification'),
  () => import('antd/es/dropdown'),
  () => import('../portal/portal-app'),
];

/** A new task: what the page was asked meanwhile (a tap, a paint) is answered first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A page the server drew: first-screen.html's boot script loads this in place of the portal's entry
 * (src/main.tsx) once the drawing has painted, and asks for every part's chunk at once. The parts
 * run in turn, then the portal takes the drawing over (src/router-root.tsx).
 */
async function takeOver() {
  for (const part of PARTS) {
    await part();
    await nextTask();
  }
  const [router] = await Promise.all([import('../router-root'), antdStylesReady()]);
  await nextTask();
  await router.takeOverDrawing(document.getElementById('root')!);
}

void takeOver();
// The error reporter starts after the first render, and only when a DSN is configured.
setTimeout(() => void startErrorReporting(), 0);
