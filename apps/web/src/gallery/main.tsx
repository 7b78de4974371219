import '../styles/app.css';
import { createRoot } from 'react-dom/client';
import { Gallery } from './Gallery';

// The UI kit in its states, for looking at and for docs/ui screenshots (scripts/ui-gallery.ts).
createRoot(document.getElementById('gallery')!).render(<Gallery />);
