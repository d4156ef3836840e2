import serverPackage from '../../package.json' with { type: 'json' };

/** The server's version (its package's), as `/version`, the home page and the API document say it. */
export const APP_VERSION = serverPackage.version;
