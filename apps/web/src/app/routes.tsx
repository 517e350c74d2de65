/**
 * The route table: every path of SPEC.md section 2, taken from the contract (`publicPaths`,
 * `mainPages`, `redirects`). Each page is loaded on demand (React.lazy), so /login loads the app's
 * frame and the login page only. The public pages are mapped to their components here; the signed-in
 * pages in signed-in-pages.ts, which the signed-in shell's chunk loads.
 *
 * A feature adds a signed-in page by adding its id and path to the contract's routes.ts, its title
 * and purpose to the i18n `pages` catalogue, and one line in signed-in-pages.ts; the compiler lists
 * any id left out.
 */
import { type MainPage, mainPages, type PageId, publicPaths, redirects } from '@bank/contract/routes';
import { lazy, Suspense } from 'react';
import { matchPath, Navigate, type RouteObject } from 'react-router';
import { loadSignedInMessages } from '../lib/i18n.ts';
import type { PagePlace, PageWithData } from '../lib/screen-query.ts';
import { isKycApproved, isSignedIn, isStaffSession } from '../lib/session-storage.ts';
import { ClientHomeGate } from './client-home-gate.tsx';
import { PublicOnly, RequireSession } from './guards.tsx';
import { KycGate } from './kyc-gate.tsx';
import { lazyPage, type PageComponent } from './lazy-page.ts';
import { evaluateInTurn, outlineModules } from './modules-in-turn.ts';
import { pageDataLoaders } from './page-data.ts';
import { PublicLayout } from './public-layout.tsx';
import { PublicPageSkeleton } from './public-page-skeleton.tsx';
import { RouteError } from './route-error.tsx';

/** Loaded with the first staff-only page: it reads the user from the server. */
/** A mistyped address is rare: its page loads when needed, not with every first load. */
const NotFoundRoute = lazy(async () => ({ default: (await import('./not-found-page.tsx')).NotFoundRoute }));
const StaffGate = lazy(async () => ({ default: (await import('./staff-gate.tsx')).StaffGate }));

/**
 * The signed-in shell, with the server-state cache its pages use (server-state.tsx) and their messages.
 * Everything that loads it goes through `MainLayout.preload`, so that React is handed the layout at
 * once when its code is here: loaded another way, React.lazy suspended on it in the app's first
 * drawing, which replaced a page's outline with the shell's skeleton, then drew the shell and the
 * page again.
 */
const MainLayout = lazyPage(
  async () => (await Promise.all([import('./server-state.tsx'), loadSignedInMessages()]))[0],
  (module) => module.SignedInLayout,
);
const loadSignedInShell = MainLayout.preload;

/**
 * A signed-in page: its code is loaded by the signed-in shell's chunk (signed-in-pages.ts), which is
 * loaded first. Home is in that chunk; another page is a second download once the shell has arrived
 * (fetched beside the first load's when the server sent the page's outline and its links).
 */
function signedInPage(id: PageId): PageComponent<PageWithData> {
  const load = async (): Promise<PageWithData> => (await loadSignedInShell()).signedInPages[id]();
  return lazyPage(load, (Page) => Page);
}

const mainPageComponents = Object.fromEntries(mainPages.map((page) => [page.id, signedInPage(page.id)])) as Record<
  PageId,
  PageComponent<PageWithData>
>;

const publicPageComponents: Record<keyof typeof publicPaths, PageComponent> = {
  login: lazyPage(
    () => import('../features/account/login-page.tsx'),
    (module) => module.LoginPage,
  ),
  register: lazyPage(
    () => import('../features/account/register-page.tsx'),
    (module) => module.RegisterPage,
  ),
  forgotPassword: lazyPage(
    () => import('../features/account/forgot-password-page.tsx'),
    (module) => module.ForgotPasswordPage,
  ),
  resetPassword: lazyPage(
    () => import('../features/account/reset-password-page.tsx'),
    (module) => module.ResetPasswordPage,
  ),
  phoneUpload: lazyPage(
    async () =>
      Promise.all([
        import('../features/kyc/phone-upload-page.tsx'),
        import('./query-provider.tsx'),
        loadSignedInMessages(),
      ]),
    ([page, provider]) => provider.withServerState(page.PhoneUploadPage),
  ),
  teamInvitation: lazyPage(
    async () =>
      Promise.all([
        import('../features/team/invitation-page.tsx'),
        import('./query-provider.tsx'),
        loadSignedInMessages(),
      ]),
    ([page, provider]) => provider.withServerState(page.TeamInvitationPage),
  ),
};

function mainRoute(page: MainPage): RouteObject {
  const Page = mainPageComponents[page.id];
  const element = (
    <KycGate page={page}>
      <Page />
    </KycGate>
  );
  if (page.isStaffOnly) return { path: page.path, element: <StaffGate page={page}>{element}</StaffGate> };
  if (page.id === 'home') return { path: page.path, element: <ClientHomeGate>{element}</ClientHomeGate> };
  return { path: page.path, element };
}

function publicRoute(key: keyof typeof publicPaths): RouteObject {
  const Page = publicPageComponents[key];
  return { path: publicPaths[key], element: <Page /> };
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          {
            element: <PublicLayout />,
            children: (Object.keys(publicPaths) as (keyof typeof publicPaths)[]).map(publicRoute),
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [{ element: <MainLayout />, children: mainPages.map(mainRoute) }],
      },
      ...Object.entries(redirects).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
      {
        path: '*',
        element: (
          <Suspense fallback={<PublicPageSkeleton />}>
            <NotFoundRoute />
          </Suspense>
        ),
      },
    ],
  },
];

/** Starts a page's first loads from its data module (page-data.ts); settles once they have started. */
async function startPageData(id: PageId, place: PagePlace): Promise<void> {
  const loader = await pageDataLoaders[id]?.().catch(() => undefined);
  loader?.(place);
}

/**
 * Starts loading the code of the page at `pathname` (and the signed-in shell for a signed-in page)
 * while the app starts, rather than when React first renders the route: each would otherwise wait
 * for the one before it. The guards still decide what is shown; a wrong guess only costs a download.
 * A signed-in page starts in a task of its own: asking for the shell's chunks (a link for each) is
 * main-thread work, which on a slow phone would lengthen the task that runs the app's first code.
 *
 * For a signed-in page, answers a promise that settles once the page's code has arrived and its
 * first loads (and the user's) have answered, or failed: main.tsx draws the app then, in one pass
 * with its data, rather than drawing skeletons first and everything again as each answer arrives
 * (an answer that came while React was drawing made it draw the whole page a second time at once).
 */
export function preloadPage(pathname: string): Promise<void> | undefined {
  const publicPage = (Object.keys(publicPaths) as (keyof typeof publicPaths)[]).find(
    (key) => publicPaths[key] === pathname,
  );
  if (publicPage) {
    if (!isSignedIn()) void publicPageComponents[publicPage].preload().catch(() => undefined);
    return undefined;
  }
  const match = mainPages
    .map((page) => ({ page, params: matchPath(page.path, pathname)?.params }))
    .find(({ params }) => params !== undefined);
  if (!match || !isSignedIn()) return undefined;
  const { page, params = {} } = match;
  // The page's code comes through the shell's chunk (signed-in-pages.ts); its first loads start
  // before, from their own module (page-data.ts), where its gate would show it (the client home
  // sends staff away).
  const isShown =
    (!page.isKycGated || isKycApproved()) &&
    (!page.isStaffOnly || isStaffSession()) &&
    !(page.id === 'home' && isStaffSession());
  const place = { params, search: new URLSearchParams(window.location.search) };
  const load = async () => {
    // The page's data first, from its own small module: its requests then travel while the page's
    // code and the shell's arrive and are evaluated.
    const isDataStarted = isShown ? startPageData(page.id, place) : undefined;
    await evaluateInTurn(outlineModules(document));
    const [, shell] = await Promise.all([mainPageComponents[page.id].preload(), loadSignedInShell()]);
    if (!isShown) return;
    await isDataStarted;
    await shell.loadFirstData();
  };
  return new Promise((settled) => {
    setTimeout(
      () =>
        void load()
          .catch(() => undefined)
          .finally(settled),
      0,
    );
  });
}
