import { describe, expect, it } from 'vitest';
import { classesOfHtml, criticalCss, requiredClasses, withoutUnusedThemeVariables } from './critical-css.mjs';

describe('the critical CSS of a prerendered page', () => {
  it('reads the classes of every class attribute, entities decoded', () => {
    const html = '<body class="min-h-screen  bg-white"><a class="link [&amp;&gt;p]:mt-2">x</a></body>';
    expect([...classesOfHtml(html)]).toEqual(['min-h-screen', 'bg-white', 'link', '[&>p]:mt-2']);
  });

  it('names the classes a selector requires, escapes read, :not and attribute values aside', () => {
    expect(requiredClasses('.hover\\:bg-brand-700:hover')).toEqual(['hover:bg-brand-700']);
    expect(requiredClasses('.\\32 xl\\:px-8')).toEqual(['2xl:px-8']);
    expect(requiredClasses(':where(.space-y-4>:not(.hidden))')).toEqual(['space-y-4']);
    expect(requiredClasses('a[href$=".pdf"] .w-1\\/2')).toEqual(['w-1/2']);
    expect(requiredClasses('html,:host')).toEqual([]);
  });

  it('keeps the rules the classes can use, and every rule that names no class, in their order', () => {
    const css =
      '@layer theme,base,utilities;' +
      '@layer base{*,:before{box-sizing:border-box}a{color:inherit}}' +
      '@layer utilities{.flex{display:flex}.grid{display:grid}.p-4,.p-8{padding:1rem}' +
      '@media (width>=40rem){.sm\\:grid{display:grid}}@media (hover:hover){.hover\\:x:hover{color:red}}}' +
      '@keyframes spin{to{transform:rotate(360deg)}}@property --tw-x{syntax:"*";inherits:false}';
    expect(criticalCss(css, new Set(['flex', 'p-8', 'sm:grid']))).toBe(
      '@layer theme,base,utilities;' +
        '@layer base{*,:before{box-sizing:border-box}a{color:inherit}}' +
        '@layer utilities{.flex{display:flex}.p-4,.p-8{padding:1rem}@media (width>=40rem){.sm\\:grid{display:grid}}}' +
        '@keyframes spin{to{transform:rotate(360deg)}}@property --tw-x{syntax:"*";inherits:false}',
    );
  });

  it('drops the theme variables nothing left uses, directly or through another variable', () => {
    const css =
      ':root,:host{--font-sans:ui-sans-serif;--default-font-family:var(--font-sans);--color-red-50:#fef2f2;--spacing:.25rem}' +
      'html{font-family:var(--default-font-family)}.p-4{padding:calc(var(--spacing) * 4)}';
    expect(withoutUnusedThemeVariables(css)).toBe(
      ':root,:host{--font-sans:ui-sans-serif;--default-font-family:var(--font-sans);--spacing:.25rem}' +
        'html{font-family:var(--default-font-family)}.p-4{padding:calc(var(--spacing) * 4)}',
    );
  });
});
