// Types of critical-css.mjs, for the web app's React Router config (TypeScript), whose buildEnd runs it.
export declare function classesOfHtml(html: string): Set<string>;
export declare function requiredClasses(selector: string): string[];
export declare function criticalCss(css: string, classes: Set<string>): string;
export declare function withoutUnusedThemeVariables(css: string): string;
export declare function inlineCriticalCss(
  clientDir: string,
): Promise<{ pages: number; smallest: number; largest: number; full: number }>;
