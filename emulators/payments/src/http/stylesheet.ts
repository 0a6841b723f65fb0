// One stylesheet for every page, served from here so that no page needs inline styles. Colours keep
// at least 4.5:1 contrast in both schemes; focus is always visible.
export const stylesheetUrl = '/assets/payments.css';
export const stylesheet = `
:root{color-scheme:light dark;--text:#1e293b;--muted:#475569;--line:#cbd5e1;--card:#fff;--page:#f1f5f9;
--accent:#4338ca;--accent-text:#fff;--error:#b91c1c;--error-bg:#fef2f2;--ok:#15803d;--ok-bg:#f0fdf4;--badge:#92400e;
--badge-bg:#fef3c7}
@media (prefers-color-scheme:dark){:root{--text:#e2e8f0;--muted:#94a3b8;--line:#334155;--card:#0f172a;
--page:#020617;--accent:#a5b4fc;--accent-text:#0f172a;--error:#fca5a5;--error-bg:#450a0a;--ok:#86efac;--ok-bg:#052e16;
--badge:#fde68a;--badge-bg:#451a03}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--page);color:var(--text);
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.banner{width:calc(100% - 2rem);max-width:30rem;margin:0 auto;padding-top:1rem}.banner.wide{max-width:60rem}
.banner p{margin:0;color:var(--muted);font-size:.8rem;letter-spacing:.04em;text-transform:uppercase}
.badge{display:inline-block;margin-left:.5rem;padding:0 .4rem;border-radius:.25rem;background:var(--badge-bg);
color:var(--badge);font-weight:700}
main{width:calc(100% - 2rem);max-width:30rem;margin:1rem auto 2rem;background:var(--card);border:1px solid var(--line);
border-radius:.75rem;padding:1.5rem}
main.wide{max-width:60rem}
h1{margin:0 0 1rem;font-size:1.4rem;line-height:1.25}
h2{margin:0 0 .75rem;font-size:1.1rem}
p{margin:.5rem 0}
a{color:var(--accent)}
label{display:block;margin:.9rem 0 .3rem;font-weight:600}
input,select{width:100%;padding:.6rem .7rem;font:inherit;color:inherit;background:var(--card);
border:1px solid var(--muted);border-radius:.5rem}
input[aria-invalid=true]{border-color:var(--error);border-width:2px}
input[readonly]{background:var(--page)}
.row{display:grid;grid-template-columns:1fr 1fr;gap:0 1rem}
@media (max-width:26rem){.row{grid-template-columns:1fr}}
button{display:inline-block;margin-top:1rem;padding:.6rem 1rem;font:inherit;font-weight:600;border-radius:.5rem;
border:1px solid var(--accent);background:var(--accent);color:var(--accent-text);cursor:pointer}
button.wide{display:block;width:100%}
button.secondary{background:transparent;color:var(--accent)}
button.danger{background:transparent;color:var(--error);border-color:var(--error)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;align-items:center;margin-top:1rem}
.actions form{margin:0}.actions button{margin-top:0}
.hint{color:var(--muted);font-size:.9rem}
.field-error{margin:.3rem 0 0;color:var(--error);font-size:.9rem;font-weight:600}
.alert{margin:0 0 1rem;padding:.75rem 1rem;border:1px solid var(--error);border-radius:.5rem;background:var(--error-bg);
color:var(--error);font-weight:600}
.alert p,.alert ul{margin:0}.alert ul{padding-left:1.25rem}
.notice{margin:0 0 1rem;padding:.75rem 1rem;border:1px solid var(--ok);border-radius:.5rem;background:var(--ok-bg);
color:var(--ok);font-weight:600}.notice p{margin:0}
.columns{display:grid;gap:1.5rem}
@media (min-width:48rem){.columns{grid-template-columns:1fr 1fr;gap:2.5rem}}
section{min-width:0}
.panel{padding:1rem;border:1px solid var(--line);border-radius:.5rem;margin:1.25rem 0}
.panel>label:first-of-type,.panel>h2:first-child{margin-top:0}
h3{margin:1.5rem 0 .5rem;font-size:1rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;margin:.5rem 0}
dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
.total{font-size:1.25rem;font-weight:700}
table{width:100%;border-collapse:collapse;font-size:.95rem}
th,td{padding:.45rem .5rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
td.amount,th.amount{text-align:right}
.table-scroll{overflow-x:auto}
.back{display:inline-block;margin-top:1.25rem}
.status{display:inline-block;padding:0 .45rem;border-radius:.25rem;border:1px solid currentColor;font-size:.85rem;
font-weight:600}
`.trim();
