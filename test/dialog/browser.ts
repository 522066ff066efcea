// The dialog's browser-test helpers: the bank's page that embeds the dialog. Chromium and axe-core
// come from test/helpers/browser.ts.
import http from 'node:http';
import { freePort } from '../helpers/server.ts';

export { axe, describeBrowser, launchChromium, type AxeIssue } from '../helpers/browser.ts';

/**
 * A page of "the bank" on its own loopback origin that embeds the dialog as the spec describes:
 * a container, and an iframe (borderless, full width and height) whose src is `?src=` of the page.
 */
export async function startEmbeddingSite(): Promise<{ origin: string; close(): Promise<void> }> {
  const port = await freePort();
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bank portal</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>html,body{margin:0;height:100%}#dossier{height:100%}#dossier iframe{border:0;width:100%;height:100%;min-height:100vh;display:block}</style></head>
<body><div id="dossier"></div><script>
window.received = [];
window.addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }));
const frame = document.createElement('iframe');
frame.src = new URLSearchParams(location.search).get('src');
frame.title = 'Verification';
document.getElementById('dossier').appendChild(frame);
</script></body></html>`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
