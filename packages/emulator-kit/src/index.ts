export { createEmulatorApp, type EmulatorAppOptions, emulatorLogger, type LoggerOption } from './app.ts';
export { assembleEmulatorApp } from './assemble.ts';
export {
  acquireDataDirectoryLock,
  DataDirectoryLockedError,
  type DataDirectoryOwner,
} from './data-directory.ts';
export { type EmulatorEnvironment, readEmulatorEnvironment } from './environment.ts';
export { type ContextHandler, type RouteTable, registerRoutes } from './handlers.ts';
export { escapeHtml, scriptJson } from './html.ts';
export { type ListenAddress, listenEmulator, originOf } from './listen.ts';
export { type PageShell, sendHtmlPage } from './page.ts';
export { runEmulatorProcess } from './run-process.ts';
export { registerStylesheet } from './stylesheet.ts';
export { emulatorTlsFiles } from './tls.ts';
