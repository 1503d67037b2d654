import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import { App } from './app/index.js';
import { installGlobalErrorHandling } from './app/global-errors.js';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

installGlobalErrorHandling();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
