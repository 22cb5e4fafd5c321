const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const HYDRATION_SCRIPT = /<script(?: nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/;

/**
 * Moves a server-rendered page's scripts after its `load` event: the module preloads and the script that
 * imports the routes and hydrates. A phone on a thin connection then spends it on the page's text, styles and
 * first photos, which are all there without JavaScript, and fetches the ~130 KB of code afterwards. Links work
 * before hydration (they are plain links), and the preloads still fetch the code in parallel, not as a
 * waterfall of imports.
 *
 * `nonce` is the response's Content-Security-Policy nonce: both the loader and the module script it creates
 * carry it, since an inline script runs only with it, even one created by a script that had it.
 */
export function deferHydration(html: string, nonce?: string): string {
  const hydration = HYDRATION_SCRIPT.exec(html);
  if (!hydration) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  // JSON inside a script: "<" is escaped so the page's text can never close the script early.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  const nonceAttribute = nonce ? ` nonce="${nonce.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"` : "";
  const loader =
    `<script${nonceAttribute}>addEventListener("load",function(){` +
    `${json(preloads)}.forEach(function(href){var l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.appendChild(l)});` +
    `var s=document.createElement("script");s.type="module";${nonce ? `s.nonce=${json(nonce)};` : ""}` +
    `s.textContent=${json(hydration[1])};document.body.appendChild(s)` +
    `},{once:true})</script>`;
  return html.replace(MODULE_PRELOAD, "").replace(hydration[0], () => loader);
}
