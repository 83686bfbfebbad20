import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { installErrorLog } from './lib/error-log';
import './styles/global.css';

installErrorLog();

const container = document.getElementById('root');
if (!container) throw new Error('BallMatch: #root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
