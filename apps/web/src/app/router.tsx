/**
 * The route table. Every screen is loaded on demand (React Router's `lazy`), so the first download
 * holds only the router, the session check and whichever screen is being opened.
 */
import { POPUP_RETURN_PAGES } from '@summy/core';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { FullPageSpinner } from '@/components/ui/spinner';
import { RootErrorBoundary, RootLayout } from './routes/root';

/** Adapts a route module's default export to what React Router's `lazy` expects. */
function screen(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: FullPageSpinner,
    children: [
      {
        lazy: screen(() => import('./routes/auth/login')),
        // The parent draws the screen for both paths; the children only claim the URLs.
        children: [
          { path: '/login', element: null },
          { path: '/signup', element: null },
        ],
      },
      // Answered by the server, never the service worker (vite.config.ts).
      { path: POPUP_RETURN_PAGES.google, lazy: screen(() => import('./routes/auth/callback')) },
      { path: POPUP_RETURN_PAGES.linear, lazy: screen(() => import('./routes/linear/callback')) },
      { path: '/privacy-policy', lazy: screen(() => import('./routes/privacy-policy')) },
      // A shared meeting, with or without an account; answered by the server, never the service
      // worker (vite.config.ts).
      { path: '/s/:token', lazy: screen(() => import('./routes/shared')) },
      {
        lazy: screen(() => import('./routes/app/root')),
        children: [
          { index: true, lazy: screen(() => import('./routes/app/home')) },
          { path: '/home', lazy: screen(() => import('./routes/app/home')) },
          { path: '/meeting/:meetingId', lazy: screen(() => import('./routes/app/meeting')) },
          { path: '/meetings', lazy: screen(() => import('./routes/app/meetings')) },
          { path: '/chats', lazy: screen(() => import('./routes/app/chats')) },
          { path: '/todos', lazy: screen(() => import('./routes/app/todos')) },
          { path: '/calendar', lazy: screen(() => import('./routes/app/calendar')) },
          { path: '/contacts', lazy: screen(() => import('./routes/app/contacts')) },
        ],
      },
      { path: '*', lazy: screen(() => import('./routes/not-found')) },
    ],
  },
];

const router = createBrowserRouter(routes);

/** The app's router. */
export function AppRouter() {
  return <RouterProvider router={router} />;
}
