import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers.tsx';
import { routes } from './routes.tsx';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser's router, made from the route table (which the build-time drawing of pages also
 * reads). Made when the app is about to be drawn rather than when this module loads: ranking the
 * table's routes is some 50 ms of a slow phone's CPU, which main.tsx gives a task of its own.
 */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
