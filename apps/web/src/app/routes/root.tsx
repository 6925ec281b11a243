import { RotateCcw } from 'lucide-react';
import { Link, Outlet, isRouteErrorResponse, useRouteError } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';

/** The outermost route: just an outlet, so public and signed-in screens share one error boundary. */
export function RootLayout() {
  return <Outlet />;
}

/**
 * Shown when a screen throws or its code fails to download (for instance after a deploy replaced
 * the chunk names); reloading fetches the new build.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background px-6 text-center">
      <Logo className="size-10" />
      <h1 className="text-xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="max-w-md text-sm break-words text-muted-foreground">{message}</p>
      <div className="flex gap-2">
        <Button variant="outline" asChild>
          <Link to="/">Go to Home</Link>
        </Button>
        <Button onClick={() => window.location.reload()}>
          <RotateCcw />
          Reload
        </Button>
      </div>
    </div>
  );
}
