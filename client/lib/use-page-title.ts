import { useEffect } from 'react';

export const APP_TITLE = 'Go Live — Your Complete Service Platform';

/** Sets the document title while the page is shown; `undefined` shows the product title. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Go Live` : APP_TITLE;
  }, [title]);
}
