// One stylesheet for every page, served from here so that no page needs inline styles.
export const stylesheetUrl = '/assets/identity.css';
export const stylesheet = `
:root{color-scheme:light dark;--text:#1e293b;--muted:#475569;--line:#cbd5e1;--card:#fff;--page:#f1f5f9;
--accent:#4338ca;--accent-text:#fff;--error:#b91c1c;--ok:#15803d}
@media (prefers-color-scheme:dark){:root{--text:#e2e8f0;--muted:#94a3b8;--line:#334155;--card:#0f172a;
--page:#020617;--accent:#818cf8;--accent-text:#0f172a;--error:#f87171;--ok:#4ade80}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1.5rem 1rem;background:var(--page);
color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:28rem;background:var(--card);border:1px solid var(--line);border-radius:.75rem;
padding:1.75rem 1.5rem}
.brand{margin:0 0 .25rem;color:var(--muted);font-size:.8rem;letter-spacing:.04em;text-transform:uppercase}
h1{margin:0 0 1rem;font-size:1.4rem;line-height:1.25}
h2{margin:1.5rem 0 .5rem;font-size:1.05rem}
p{margin:.5rem 0}
a{color:var(--accent)}
label{display:block;margin:.9rem 0 .3rem;font-weight:600}
input[type=email],input[type=password],input[type=text]{width:100%;padding:.6rem .7rem;font:inherit;color:inherit;
background:transparent;border:1px solid var(--line);border-radius:.5rem}
button{display:inline-block;margin-top:1.1rem;padding:.6rem 1rem;font:inherit;font-weight:600;border-radius:.5rem;
border:1px solid var(--accent);background:var(--accent);color:var(--accent-text);cursor:pointer}
button.secondary{background:transparent;color:var(--accent)}
button.account{display:block;width:100%;margin-top:.5rem;text-align:left;background:transparent;color:var(--text);
border-color:var(--line);font-weight:400}
button.account strong{display:block}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
.hint{color:var(--muted);font-size:.9rem}
.error{color:var(--error);font-weight:600}
.code{font-family:ui-monospace,monospace;font-size:1.25rem;letter-spacing:.1em;user-select:all}
.success{color:var(--ok);font-weight:600}
ul.rules{margin:.25rem 0;padding-left:1.25rem;color:var(--muted);font-size:.9rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.5rem 0}
dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
`.trim();
