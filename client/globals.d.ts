/** The app's version, defined at build by vite.config.ts (APP_VERSION or package.json's version). */
declare const __APP_VERSION__: string;
