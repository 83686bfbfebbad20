import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { installErrorLog } from './lib/error-log';
import './styles/global.css';

installErrorLog();

const container = document.getElementById('root');
if (!container) throw new Error('BallMatch: #root element missing from index.html');

// The first render is a transition: React renders it in small slices, so starting the app
// never blocks the page for long (the static first screen of / is already showing).
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
