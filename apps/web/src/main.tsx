import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app';
import { registerServiceWorker } from '@/lib/service-worker';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lost its #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The installable app's offline shell, registered after the page has loaded.
registerServiceWorker();
