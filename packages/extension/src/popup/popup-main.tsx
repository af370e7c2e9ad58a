import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PopupApp } from './popup-app.js';
import './popup.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PopupApp />
    </StrictMode>,
  );
}
