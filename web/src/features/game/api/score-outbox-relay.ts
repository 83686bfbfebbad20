// Starts the outbox: one attempt now (the page just loaded) and another whenever the browser
// says it is back online.
import { invalidateAfter } from '@/lib/query-client';
import { credentialFor, flushOutbox, outboxEntries } from './score-outbox';
import { isTransientFailure, postScore } from './score-submission';

export function flushScoreOutbox() {
  return flushOutbox({
    // One attempt per page load or reconnection; the entry stays for the next one.
    send: (submission) => postScore(submission, credentialFor(submission.sessionId), 0),
    isTransient: isTransientFailure,
    onSent: () => void invalidateAfter('score-submitted'),
  });
}

export function startScoreOutbox(target: Window = window): () => void {
  const flush = () => {
    if (outboxEntries().length > 0) void flushScoreOutbox();
  };
  flush();
  target.addEventListener('online', flush);
  return () => target.removeEventListener('online', flush);
}
