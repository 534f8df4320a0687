/** The app's version, defined at build by vite.config.ts (APP_VERSION or package.json's version). */
declare const __APP_VERSION__: string;
/** The year of the build (vite.config.ts): what the prerendered footer shows. */
declare const __BUILD_YEAR__: number;
