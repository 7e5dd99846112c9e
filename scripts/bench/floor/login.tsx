import { createRoot } from 'react-dom/client';
import { LoginCard } from './ui.tsx';

createRoot(document.getElementById('root')!).render(<LoginCard />);
