import { createRoot } from 'react-dom/client';
import { Console } from './ui.tsx';

createRoot(document.getElementById('root')!).render(<Console rows={[{ id: 1, name: 'a' }]} />);
