import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** The app's router in the browser (the build's prerender renders the same routes statically: client/prerender.tsx). */
export const router = createBrowserRouter(routes);
