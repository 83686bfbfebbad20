import { Button } from '@/components/ui/button';
import { reloadPage } from '@/lib/reload-page';
import './error-fallback.css';

/** A page that broke: 'Something went wrong' with 'Try Again' (a fresh load of the page). */
export function ErrorFallback({ onRetry = reloadPage }: { onRetry?: () => void }) {
  return (
    <div className="error-fallback" role="alert">
      <title>Something went wrong · BallMatch</title>
      <h1>Something went wrong</h1>
      <p>An unexpected error stopped this page. Trying again usually fixes it.</p>
      <Button onClick={onRetry}>Try Again</Button>
    </div>
  );
}
